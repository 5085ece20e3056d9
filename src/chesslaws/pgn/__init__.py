"""chesslaws.pgn"""
