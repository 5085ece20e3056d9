"""chesslaws.clock"""
