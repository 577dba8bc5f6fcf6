"""Whole addresses for other phones (the invite page's QR codes, the printed paper's): from the configured one.

A link handed to another phone must not come from the request's ``Host``
header, which the phone (or anybody) writes: a hostile ``Host`` would put its
own site into the QR code. ``SCOREKEEPER_BASE_URL`` (``https://tresillo.example.org``,
or with a path prefix) names the address the server is reached at; every whole
link is built from it. Without it — ``./scripts/run`` at a table, where the
address is this machine's on the Wi-Fi — the address the page was opened at is
used when it is the table's own (one of this machine's addresses or names, docs/deploy.md
says so); any other ``Host`` is replaced by this machine's address on the network.
"""

from __future__ import annotations

import os
import re
import socket
from functools import cache
from ipaddress import ip_address
from typing import Any

from flask import Flask, current_app, request, url_for

#: what the configured address may be: http or https, a host (and port), an optional path; no query
BASE_URL = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+(?:/[A-Za-z0-9._~\-/]*)?")


class BadBaseUrl(RuntimeError):
    """The configured address is not one: the app refuses to start rather than print broken QR codes."""


def base_url() -> str | None:
    """The configured address (without a final slash), or None when the request's host is to be used."""
    configured: str | None = current_app.config.get("SCOREKEEPER_BASE_URL")
    return configured.rstrip("/") if configured else None


def outside_url(endpoint: str, **values: Any) -> str:
    """The whole address of ``endpoint`` for another phone: the configured base, else the table's own address."""
    base = base_url() or f"{request.scheme}://{outside_host()}{request.script_root}"
    return base + url_for(endpoint, **values).removeprefix(request.script_root)


def outside_host() -> str:
    """The host (and port) other phones reach: the configured base's, else the request's when it names this
    machine, else this machine's address on the network (a forged ``Host`` never reaches a link)."""
    base = base_url()
    if base:
        return base.split("/", 3)[2]
    name, port = split_host(request.host)
    if is_own_name(name):
        return request.host
    own = network_address()
    shown = f"[{own}]" if ":" in own else own
    return f"{shown}:{port}" if port else shown


def split_host(host: str) -> tuple[str, str]:
    """A Host header's name (brackets of an IPv6 address removed, lower case) and port ("" if none).

    >>> split_host("192.168.1.20:5000"), split_host("[::1]:8000"), split_host("Evil.Example")
    (('192.168.1.20', '5000'), ('::1', '8000'), ('evil.example', ''))
    """
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name.lower(), rest.removeprefix(":")
    name, _, port = host.partition(":") if host.count(":") == 1 else (host, "", "")
    return name.lower(), port


def is_own_name(name: str) -> bool:
    """Whether ``name`` is this machine: a loopback address or name, one of its addresses, or its host name."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ip_address(name)
    except ValueError:
        return name.removesuffix(".local") in own_names()
    return address.is_loopback or str(address) in own_addresses()


@cache
def own_names() -> frozenset[str]:
    """This machine's host names (as a phone on the Wi-Fi may reach it: ``name`` or ``name.local``)."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    return frozenset(n.removesuffix(".local") for n in names if n)


@cache
def own_addresses() -> frozenset[str]:
    """This machine's addresses: those of its host name, and the one it reaches the network from."""
    found = {network_address()}
    try:
        found |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
    except OSError:
        pass
    return frozenset(str(ip_address(a.split("%")[0])) for a in found)


@cache
def network_address() -> str:
    """The address this machine reaches the network from (no packet is sent); 127.0.0.1 without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only the route is looked up
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def register(app: Flask) -> None:
    """``SCOREKEEPER_BASE_URL`` from the environment unless configured; a malformed one stops the app."""
    value = app.config.get("SCOREKEEPER_BASE_URL") or os.environ.get("SCOREKEEPER_BASE_URL") or None
    if value is not None and not BASE_URL.fullmatch(value):
        raise BadBaseUrl(f"SCOREKEEPER_BASE_URL={value!r} is not an address such as https://tresillo.example.org")
    app.config["SCOREKEEPER_BASE_URL"] = value
