"""Reads QR codes with ZXing-C++ (Debian's python3-zxing-cpp), independent of the service's code.

stdin: for each image a 4-byte big-endian width and height and one grey byte a pixel.
stdout: for each image a 4-byte big-endian length and the decoded bytes, or 0xFFFFFFFF when no
QR code was read.
"""
import struct
import sys

import numpy
import zxingcpp

data = sys.stdin.buffer.read()
offset = 0
out = []
while offset < len(data):
    width, height = struct.unpack_from(">II", data, offset)
    offset += 8
    pixels = numpy.frombuffer(data, dtype=numpy.uint8, count=width * height, offset=offset).reshape(height, width)
    offset += width * height
    result = zxingcpp.read_barcode(pixels, formats=zxingcpp.BarcodeFormat.QRCode)
    if result is None or not result.valid:
        out.append(struct.pack(">I", 0xFFFFFFFF))
    else:
        out.append(struct.pack(">I", len(result.bytes)) + bytes(result.bytes))
sys.stdout.buffer.write(b"".join(out))
