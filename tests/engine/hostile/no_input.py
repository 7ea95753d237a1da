"""Never reads its input: answers WIN to everything at once."""

print("WIN")
