"""chesslaws.core"""
