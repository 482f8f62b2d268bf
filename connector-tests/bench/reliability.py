#!/usr/bin/env python3
"""Reliability scenarios against a running Hawser launcher (see reliability.sh, which starts it).

Each scenario prints one line: PASS or FAIL, its name, and its numbers. The server's descriptors,
threads and heap (after a full GC) are read before and after the scenarios that may leak them.
"""
import argparse
import os
import random
import socket
import struct
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"
results = []


def report(ok, name, text):
    line = "%s  %-14s %s" % ("PASS" if ok else "FAIL", name, text)
    print(line, flush=True)
    results.append((ok, name, text))


# ------------------------------------------------------------------ the server's resources

def fds(pid):
    return len(os.listdir("/proc/%d/fd" % pid))


def threads(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return -1


def heap_mb(pid):
    """Heap used after a full GC, in MiB (jcmd GC.run, then GC.heap_info)."""
    subprocess.run(["jcmd", str(pid), "GC.run"], capture_output=True)
    out = subprocess.run(["jcmd", str(pid), "GC.heap_info"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "used" in line and "total" in line:
            used = line.split("used")[1].split()[0].rstrip(",")
            return int(used.rstrip("K")) / 1024.0
    return -1.0


def resources(pid):
    return {"fd": fds(pid), "threads": threads(pid), "heap": heap_mb(pid)}


def delta_text(before, after):
    return "fd %d->%d threads %d->%d heap %.1f->%.1f MiB" % (
        before["fd"], after["fd"], before["threads"], after["threads"], before["heap"], after["heap"])


def settled(pid, before, seconds=6):
    """Waits (lingering closes take up to 2 s) until descriptors are back near the baseline."""
    end = time.time() + seconds
    while time.time() < end and fds(pid) > before["fd"] + 2:
        time.sleep(0.2)
    return resources(pid)


def leak_free(before, after):
    return after["fd"] <= before["fd"] + 2 and after["heap"] <= before["heap"] + 32


# ------------------------------------------------------------------ clients

def connect(port, rcvbuf=None, timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    s.connect((HOST, port))
    return s


def reset(s):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def get_ok(port, path="/echo/plaintext"):
    """One request on a new connection: (ok, milliseconds)."""
    start = time.time()
    try:
        s = connect(port, timeout=5)
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path).encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        s.close()
        return data.startswith(b"HTTP/1.1 200 "), (time.time() - start) * 1000
    except OSError:
        return False, (time.time() - start) * 1000


def ended(s):
    """Whether the server ended the connection (EOF or reset) without waiting."""
    s.setblocking(False)
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.setblocking(True)


def await_all_ended(socks, seconds):
    start = time.time()
    alive = list(socks)
    while alive and time.time() - start < seconds:
        alive = [s for s in alive if not ended(s)]
        if alive:
            time.sleep(0.05)
    return len(alive), time.time() - start


def trickle(socks, first, byte, until_ended_seconds):
    """Sends `first` on each socket, then one byte each 0.5 s, until the server ends them all."""
    for s in socks:
        s.sendall(first)
    start = time.time()
    alive = list(socks)
    while alive and time.time() - start < until_ended_seconds:
        time.sleep(0.5)
        still = []
        for s in alive:
            try:
                s.sendall(byte)
                if not ended(s):
                    still.append(s)
            except OSError:
                pass
        alive = still
    return len(alive), time.time() - start


# ------------------------------------------------------------------ scenarios

def trickling(a, name, head, byte, timeout, what):
    """`a.n` connections that send `head`, then `byte` every 0.5 s: all must be cut by `timeout`."""
    socks = [connect(a.port) for _ in range(a.n)]
    during = get_ok(a.port)
    left, took = trickle(socks, head, byte, timeout + 5)
    for s in socks:
        s.close()
    ok = left == 0 and took <= timeout + 1.5 and during[0]
    report(ok, name, "%d %s: all cut in %.1f s (timeout %d s), %d left; a request meanwhile: %s in %.0f ms" % (
        a.n, what, took, timeout, left, "200" if during[0] else "FAILED", during[1]))


def slowloris(a):
    trickling(a, "slowloris", b"GET /echo/plaintext HTTP/1.1\r\nHost: x\r\n", b"X", a.headers,
              "connections trickling a head (headersTimeout)")


def slow_body(a):
    trickling(a, "slow-body", b"POST /echo/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n",
              b"0123456789", a.request, "uploads at 20 B/s (requestTimeout)")


def server_sockets(port):
    out = subprocess.run(["ss", "-Htan", "sport = :%d" % port], capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if not l.startswith(("LISTEN", "TIME-WAIT"))]   # TIME-WAIT holds no descriptor


def slow_reader(a):
    n = max(4, a.n // 10)
    pipeline = b"GET /echo/plaintext HTTP/1.1\r\nHost: x\r\n\r\n" * 50000
    socks = []
    for _ in range(n):
        s = connect(a.port, rcvbuf=4096)
        s.settimeout(0.5)
        try:
            s.sendall(pipeline)   # megabytes of answers to a 4 KiB window: the server's writes stall
        except socket.timeout:
            pass                  # the server stopped reading: it is stalled already
        s.settimeout(10)
        socks.append(s)
    start = time.time()
    while time.time() - start < a.write + 10 and server_sockets(a.port):
        time.sleep(0.1)
    took = time.time() - start
    left = server_sockets(a.port)
    resets = 0
    for s in socks:
        try:
            while s.recv(65536):
                pass
        except ConnectionResetError:
            resets += 1
        except OSError:
            pass
        s.close()
    ok = not left and took <= a.write + 3 and resets == n
    report(ok, "slow-reader", "%d pipelining clients that never read: server sockets gone in %.1f s (writeTimeout %d s), "
           "%d left, %d of %d clients saw a reset" % (n, took, a.write, len(left), resets, n))


def storm(a):
    before = resources(a.pid)
    rng = random.Random(11)
    kinds = ["close", "reset", "half-head-reset", "garbage", "long-line", "body-reset", "ok"]
    counts = {k: 0 for k in kinds}
    errors = [0]

    def one(kind):
        try:
            s = connect(a.port, timeout=5)
            if kind == "close":
                s.close()
            elif kind == "reset":
                reset(s)
            elif kind == "half-head-reset":
                s.sendall(b"GET /echo/plaintext HTTP/1.1\r\nHo")
                reset(s)
            elif kind == "garbage":
                s.sendall(bytes(rng.randrange(256) for _ in range(200)) + b"\r\n\r\n")
                s.recv(4096)
                s.close()
            elif kind == "long-line":
                s.sendall(b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n")
                s.recv(4096)
                s.close()
            elif kind == "body-reset":
                s.sendall(b"POST /echo/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + b"x" * 5000)
                time.sleep(0.001)
                reset(s)
            else:
                s.sendall(b"GET /echo/plaintext HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                while s.recv(65536):
                    pass
                s.close()
        except OSError:
            errors[0] += 1

    def worker(jobs):
        for k in jobs:
            one(k)

    jobs = [rng.choice(kinds) for _ in range(a.storm)]
    for k in jobs:
        counts[k] += 1
    parts = [jobs[i::8] for i in range(8)]
    start = time.time()
    ts = [threading.Thread(target=worker, args=(p,)) for p in parts]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    took = time.time() - start
    after = settled(a.pid, before)
    alive = get_ok(a.port)
    ok = leak_free(before, after) and alive[0]
    report(ok, "storm", "%d bad connections (%s) in %.1f s; after: %s; serving: %s" % (
        a.storm, ", ".join("%s %d" % kv for kv in counts.items()), took, delta_text(before, after),
        "yes" if alive[0] else "NO"))


def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    port = s.getsockname()[1]
    s.close()
    return port


def emfile(a):
    port = free_port()
    log = open(a.emfile_log, "w")
    cmd = "ulimit -n %d; exec %s -jar %s --host 127.0.0.1 --port %d %s" % (
        a.nofile, a.java, a.jar, port, a.war)
    p = subprocess.Popen(["bash", "-c", cmd], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 30
        while time.time() < deadline and not get_ok(port)[0]:
            time.sleep(0.2)
        held = []
        for _ in range(a.nofile * 2):
            try:
                s = connect(port, timeout=2)
                s.sendall(b"GET /echo/plaintext HTTP/1.1\r\nHost: x\r\n\r\n")
                held.append(s)
            except OSError:
                break
        time.sleep(2)   # the server is out of descriptors: accepting backs off, 40 retries
        server_fds = fds(p.pid)
        for s in held:
            s.close()
        start = time.time()
        answered = False
        while time.time() - start < 10 and not answered:
            answered = get_ok(port)[0]
            if not answered:
                time.sleep(0.1)
        took = time.time() - start
        alive = p.poll() is None
    finally:
        p.terminate()
        p.wait(10)
        log.close()
    with open(a.emfile_log) as f:
        lines = f.read().splitlines()
    traces = sum(1 for l in lines if l.lstrip().startswith("at "))
    ok = answered and alive and len(lines) < 60
    report(ok, "emfile", "ulimit -n %d, %d connections held (server at %d fds), closed: answering again after %.1f s; "
           "alive %s; %d log lines (%d stack frames) in the whole run" % (
               a.nofile, len(held), server_fds, took, alive, len(lines), traces))


def soak(a):
    before = resources(a.pid)
    stop = time.time() + a.soak
    counts = {"requests": 0, "errors": 0}
    lock = threading.Lock()

    def client(i):
        s = None
        done = errors = 0
        rng = random.Random(i)
        while time.time() < stop:
            try:
                if s is None:
                    s = connect(a.port, timeout=5)
                if rng.random() < 0.5:
                    body = b"x" * rng.randrange(0, 20000)
                    s.sendall(b"POST /echo/echo HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
                else:
                    s.sendall(b"GET /echo/plaintext HTTP/1.1\r\nHost: x\r\n\r\n")
                f = s.makefile("rb")
                status = f.readline()
                length = 0
                while True:
                    line = f.readline()
                    if line in (b"\r\n", b""):
                        break
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                f.read(length)
                f.close()
                if not status.startswith(b"HTTP/1.1 200"):
                    errors += 1
                done += 1
                if rng.random() < 0.02:
                    s.close()
                    s = None
            except OSError:
                errors += 1
                s = None
        with lock:
            counts["requests"] += done
            counts["errors"] += errors

    ts = [threading.Thread(target=client, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    after = settled(a.pid, before)
    ok = counts["errors"] == 0 and leak_free(before, after)
    report(ok, "soak", "%d s, 8 keep-alive clients: %d requests, %d errors; %s" % (
        a.soak, counts["requests"], counts["errors"], delta_text(before, after)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--headers", type=int, default=2)
    p.add_argument("--request", type=int, default=4)
    p.add_argument("--write", type=int, default=2)
    p.add_argument("--java", default="java")
    p.add_argument("--jar", required=True)
    p.add_argument("--war", required=True)
    p.add_argument("--emfile-log", default="/tmp/hawser-emfile.log")
    p.add_argument("--nofile", type=int, default=256)
    a = p.parse_args()
    a.n = 100 if a.quick else 400
    a.storm = 2000 if a.quick else 10000
    a.soak = 20 if a.quick else 240
    baseline = resources(a.pid)
    print("server pid %d: %s" % (a.pid, "fd %d threads %d heap %.1f MiB" % (
        baseline["fd"], baseline["threads"], baseline["heap"])), flush=True)
    for scenario in (slowloris, slow_body, slow_reader, storm, emfile, soak):
        try:
            scenario(a)
        except Exception as e:   # a scenario that breaks is a failure, not the end of the run
            report(False, scenario.__name__, "crashed: %r" % e)
    end = resources(a.pid)
    print("server at the end: %s" % delta_text(baseline, end), flush=True)
    failed = [r for r in results if not r[0]]
    print("%d of %d scenarios passed" % (len(results) - len(failed), len(results)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
