"""chesslaws.endings"""
