"""chesslaws.audit"""
