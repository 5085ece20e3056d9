"""chesslaws.arbiter"""
