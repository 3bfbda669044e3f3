"""Reads vCards with python3-vobject, an independent parser: JSON list of texts on stdin, on stdout
one entry per text: how many cards it holds and the first card's properties as
[name, params, value], N and ADR as their component lists, a binary value as {"bytes": size}."""
import json
import sys

import vobject


def plain(value):
    if isinstance(value, list):
        return ','.join(value)
    return value


out = []
for text in json.load(sys.stdin):
    cards = list(vobject.readComponents(text))
    properties = []
    for child in cards[0].getChildren():
        value = child.value
        if isinstance(value, vobject.vcard.Name):
            value = [plain(value.family), plain(value.given), plain(value.additional), plain(value.prefix), plain(value.suffix)]
        elif isinstance(value, bytes):
            # A base64 value (a photo) vobject decoded: its size stands in for its bytes.
            value = {'bytes': len(value)}
        elif isinstance(value, vobject.vcard.Address):
            value = [plain(value.box), plain(value.extended), plain(value.street), plain(value.city), plain(value.region),
                     plain(value.code), plain(value.country)]
        properties.append([child.name, child.params, value])
    out.append({'cards': len(cards), 'properties': properties})
json.dump(out, sys.stdout)
