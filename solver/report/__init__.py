"""Reports: recorded games annotated card by card and decision by decision, rich renderables, the HTML page.

May import every other wing; nothing below it prints.
"""
