#!/usr/bin/env python3
# fuzz/seeds.py OUTDIR NAME - write the hand-built seed inputs of harness NAME into OUTDIR.
# Each seed is the layout a real device or kernel returns (values as the unit tests use them:
# QEMU 7.2's NVMe and scsi-hd, LAB-NOTES), in the harness's input format (see fuzz/*_fuzz.c).
import os
import struct
import sys


def le(v, n):
    return v.to_bytes(n, "little")


def be(v, n):
    return v.to_bytes(n, "big")


def nvme_id_ns():
    b = bytearray(4096)
    b[0:8] = le(2097152, 8)          # NSZE
    b[8:16] = le(2097152, 8)         # NCAP
    b[25] = 7                        # NLBAF: 8 formats
    b[26] = 0x04                     # FLBAS: format 4
    for i, (ms, ds) in enumerate([(0, 9), (8, 9), (16, 9), (64, 9), (0, 12), (8, 12), (16, 12), (64, 12)]):
        b[128 + 4 * i:128 + 4 * i + 2] = le(ms, 2)
        b[128 + 4 * i + 2] = ds
    return bytes(b)


def nvme_id_ctrl():
    b = bytearray(4096)
    b[0:2] = le(0x1b36, 2)
    b[4:24] = b"deadbeef".ljust(20)
    b[24:64] = b"QEMU NVMe Ctrl".ljust(40)
    b[64:72] = b"7.2.0".ljust(8)
    b[77] = 7                        # MDTS
    b[516:520] = le(256, 4)          # NN
    b[520:522] = le(0x5f, 2)         # ONCS
    return bytes(b)


def nvme_smart():
    b = bytearray(512)
    b[1:3] = le(323, 2)              # 50 °C
    b[3] = 100
    b[4] = 10
    b[32:48] = le(12345, 16)         # data units read
    b[128:144] = le(42, 16)          # power on hours
    return bytes(b)


def rc16():
    return be(0x1fffff, 8) + be(512, 4) + bytes([0, 0, 0x80, 0]) + bytes(16)


def block_limits():
    b = bytearray(64)
    b[1] = 0xb0
    b[2:4] = be(0x3c, 2)
    b[8:12] = be(65535, 4)
    b[20:24] = be(0x3fffff, 4)
    b[24:28] = be(1, 4)
    return bytes(b)


def inquiry():
    return bytes([0, 0, 5, 2, 31, 0, 0, 0]) + b"QEMU    " + b"QEMU HARDDISK   " + b"2.5+"


def vpd(page, payload):
    return bytes([0, page]) + be(len(payload), 2) + payload


def devid():
    naa = bytes([0x01, 0x03, 0, 8]) + bytes.fromhex("5000c50015ea71ab")
    t10 = bytes([0x02, 0x01, 0, 16]) + b"QEMU    QM00001 "
    return vpd(0x83, naa + t10)


def ata_identify():
    w = [0] * 256
    w[0] = 0x0040
    s = b"SATA123".ljust(20)
    for i in range(10):
        w[10 + i] = s[2 * i] << 8 | s[2 * i + 1]
    m = b"LabSATA".ljust(40)
    for i in range(20):
        w[27 + i] = m[2 * i] << 8 | m[2 * i + 1]
    w[75] = 31
    w[76] = 0x010e
    w[83] = 1 << 10
    w[100], w[101] = 0x0000, 0x0020  # 2097152 sectors
    w[106] = 0x6003                  # 4096-byte physical
    w[169] = 1
    w[217] = 1
    b = bytearray(b"".join(le(x, 2) for x in w))
    b[510] = 0xa5
    b[511] = (0x100 - sum(b[:511]) % 256) % 256
    return bytes(b)


def ata_smart():
    b = bytearray(512)
    b[0:2] = le(16, 2)
    for i, (aid, val, raw) in enumerate([(9, 100, 1234), (194, 60, 40), (5, 100, 0)]):
        e = 2 + 12 * i
        b[e] = aid
        b[e + 1:e + 3] = le(0x32, 2)
        b[e + 3] = val
        b[e + 4] = val
        b[e + 5:e + 11] = le(raw, 6)
    return bytes(b)


def devstat():
    b = bytearray(512)
    b[0:2] = le(1, 2)
    b[2] = 1
    b[0x10:0x18] = le(0xC000000000000000 | 1234, 8)
    b[0x18:0x20] = le(0xC000000000000000 | 99999, 8)
    return bytes(b)


def log_page(code, params):
    body = b"".join(be(pc, 2) + bytes([0x03, len(v)]) + v for pc, v in params)
    return bytes([code, 0]) + be(len(body), 2) + body


SEEDS = {
    "device_data": {
        "nvme-id-ns": bytes([0]) + nvme_id_ns(),
        "nvme-id-ctrl": bytes([1]) + nvme_id_ctrl(),
        "nvme-smart": bytes([2]) + nvme_smart(),
        "nvme-sanitize": bytes([3]) + le(0x0101, 2) + le(0x8000, 2) + bytes(508),
        "rc16": bytes([4]) + rc16(),
        "rc10": bytes([5]) + be(0x1fffff, 4) + be(4096, 4),
        "block-limits": bytes([6]) + block_limits(),
        "inquiry": bytes([7]) + inquiry(),
        "vpd-00": bytes([8]) + vpd(0x00, bytes([0x00, 0x80, 0x83, 0xb0, 0xb1, 0xb2])),
        "vpd-80": bytes([9]) + vpd(0x80, b"  QM00001 "),
        "vpd-83": bytes([10]) + devid(),
        "vpd-b1": bytes([11]) + vpd(0xb1, bytes([0, 1, 0, 3]) + bytes(56)),
        "vpd-b2": bytes([12]) + vpd(0xb2, bytes([0, 0xe4, 2, 0])),
        "vpd-89": bytes([13]) + vpd(0x89, bytes(4) + b"linux   " + b"libata          " + b"1.00" +
                                     bytes(20) + bytes([0xec, 0, 0, 0]) + ata_identify()),
        "log-temp": bytes([14]) + log_page(0x0d, [(0, bytes([0, 40])), (1, bytes([0, 70]))]),
        "log-errors": bytes([14]) + log_page(0x03, [(3, be(7, 4)), (5, be(1 << 40, 8)), (6, be(1, 2))]),
        "log-selftest": bytes([14]) + log_page(0x10, [(1, bytes([0x20, 1]) + be(100, 2) + be(2**64 - 1, 8) + bytes(4))]),
        "log-ie": bytes([14]) + log_page(0x2f, [(0, bytes([0x5d, 0x10, 45]))]),
        "ata-identify": bytes([15]) + ata_identify(),
        "ata-smart": bytes([16]) + ata_smart(),
        "ata-devstat": bytes([17]) + devstat(),
        "opcode-support": bytes([18]) + bytes([0, 3, 0, 16]) + bytes(16),
        "mode-caching": bytes([19]) + be(26, 2) + bytes([0, 0x10, 0, 0]) + be(0, 2) +
            bytes([0x08, 0x12, 0x14, 0, 0xff, 0xff, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x80, 0x14]) + bytes(6),
        "poll-format": bytes([20]) + bytes([0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x04, 0, 0x80, 0x40, 0]),
    },
    # status LE16, NSID, SLBA, NLB, op name
    "nvme_status": {
        "read-unrecovered": le(0x0281, 2) + le(1, 4) + le(2048, 8) + le(8, 4) + b"Read",
        "write-lba-range-dnr": le(0x4080, 2) + le(1, 4) + le(2**40, 8) + le(1, 4) + b"Write",
        "compare-failure": le(0x0285, 2) + le(2, 4) + le(0, 8) + le(0, 4) + b"Compare",
        "success": le(0, 2) + le(1, 4) + le(0, 8) + le(0, 4) + b"Flush",
    },
    # status, host status LE16, driver status LE16, CDB length, 16 CDB bytes, sense
    "scsi_sense": {
        "fixed-medium-error": bytes([0x02]) + le(0, 2) + le(0x08, 2) + bytes([16]) +
            bytes([0x88, 0]) + be(2048, 8) + be(8, 4) + bytes(2) +
            bytes([0xf0, 0, 0x03]) + be(2048, 4) + bytes([10]) + bytes(4) + bytes([0x11, 0x00]) + bytes(4),
        "descriptor-info": bytes([0x02]) + le(0, 2) + le(0x08, 2) + bytes([10]) +
            bytes([0x28, 0]) + be(4096, 4) + bytes([0, 0, 8, 0]) + bytes(6) +
            bytes([0x72, 0x03, 0x11, 0x00, 0, 0, 0, 12, 0x00, 0x0a, 0x80, 0]) + be(4096, 8),
        "timeout": bytes([0]) + le(0x03, 2) + le(0x06, 2) + bytes([6]) + bytes(16),
        "illegal-request": bytes([0x02]) + le(0, 2) + le(0x08, 2) + bytes([16]) + bytes(16) +
            bytes([0x70, 0, 0x05, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x24, 0x00, 0, 0, 0, 0]),
    },
}


def main():
    out, name = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for seed, data in SEEDS.get(name, {}).items():
        with open(os.path.join(out, seed), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
