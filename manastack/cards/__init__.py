"""Card data: the database, the Oracle-text compiler and the ability vocabulary."""
