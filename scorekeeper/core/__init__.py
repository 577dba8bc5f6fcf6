"""The platform's pure parts every game shares: errors as values, the inputs' domains, fewest payments,
the hardened reader of a session file's JSON, a closed evening as the group keeps it (:mod:`.evenings`).

Standard library only, like a game's engine (a test scans the imports): Tresillo's engine and the
other games' plug-ins import these, the services and the web read the same domains and errors.
"""
