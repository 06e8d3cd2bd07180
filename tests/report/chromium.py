"""A small Chrome DevTools Protocol client for browser tests, standard library only.

Why this exists: the HTML report must be checked in a real browser (keyboard
navigation, layout at phone width, no network access), but the test machines
have only a system Chromium: no chromedriver, no websocket library, and the
project does not want Selenium or Playwright as test dependencies. Chromium's
``--remote-debugging-pipe`` speaks CDP over two plain pipes, which the standard
library handles fine:

* Chromium reads commands from its file descriptor 3 and writes responses and
  events to its file descriptor 4; every message is one JSON object followed
  by a NUL byte.
* Each tab is a target reached through a *flattened* session
  (``Target.attachToTarget`` with ``flatten=true``): page commands carry a
  ``sessionId`` and travel over the same pipe as browser commands.

One reader thread splits the pipe into messages, hands responses to the waiting
caller by ``id``, and records events per session (console errors, network
requests and load events are collected from the moment a tab exists).

Usage::

    with Chromium() as browser:
        page = browser.open(path.as_uri(), width=390)
        page.press("ArrowRight")
        page.click("#next")
        assert page.evaluate("document.title") == "..."
        assert not page.console_errors

Everything waits at most ``timeout`` seconds (default 20) and raises
:class:`ChromiumError` with a clear message rather than hanging a test run.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Dict, List, Optional, Sequence, Tuple, Union

DEFAULT_TIMEOUT = 20.0
"""Seconds any single wait may take: generous for a loaded CI machine, short
enough that a wedged browser fails the test instead of the whole job."""

BINARIES = ("chromium", "chromium-browser", "google-chrome")
"""Names looked up on PATH, in order (Debian, Ubuntu/Fedora, Google's build)."""

NO_BROWSER_ENV = "ALTBAUMER_NO_BROWSER"


class ChromiumError(RuntimeError):
    """The browser failed to start, exited, timed out or answered with an error."""


class JavaScriptError(ChromiumError):
    """An expression given to :meth:`Page.evaluate` threw; the message is the
    exception's text (``Error: message`` and its stack)."""


@dataclass(frozen=True)
class _Key:
    key: str
    code: str
    key_code: int
    text: str = ""


# Key definitions as a US keyboard sends them (the same values Puppeteer uses):
# `key` is what KeyboardEvent.key reports, `code` the physical key, and the
# Windows virtual key code is what Blink uses for default actions (focus moves
# on Tab, activation on Enter/Space). Keys producing text send it so that
# keypress fires and Enter submits/activates like a real key.
_KEYS: Dict[str, _Key] = {
    k.key if k.key != " " else "Space": k
    for k in (
        _Key("ArrowLeft", "ArrowLeft", 37),
        _Key("ArrowUp", "ArrowUp", 38),
        _Key("ArrowRight", "ArrowRight", 39),
        _Key("ArrowDown", "ArrowDown", 40),
        _Key("Home", "Home", 36),
        _Key("End", "End", 35),
        _Key("PageUp", "PageUp", 33),
        _Key("PageDown", "PageDown", 34),
        _Key("Tab", "Tab", 9),
        _Key("Enter", "Enter", 13, "\r"),
        _Key(" ", "Space", 32, " "),
        _Key("Escape", "Escape", 27),
        _Key("Backspace", "Backspace", 8),
        _Key("Delete", "Delete", 46),
    )
}

_MODIFIERS = {"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}
"""CDP's modifier bit mask, for ``press("Tab", modifiers=["Shift"])``."""


def _key_for(name: str) -> _Key:
    """The definition of a named key, or of a single printable character
    (letters map to ``KeyA``…, digits to ``Digit0``…)."""
    if name == " ":
        name = "Space"
    if name in _KEYS:
        return _KEYS[name]
    if len(name) == 1 and name.isprintable():
        upper = name.upper()
        if upper.isalpha() and upper.isascii():
            return _Key(name, "Key" + upper, ord(upper), name)
        if name.isdigit():
            return _Key(name, "Digit" + name, ord(name), name)
        return _Key(name, "", 0, name)
    raise ValueError(f"unknown key {name!r}; known: {', '.join(sorted(_KEYS))} or one character")


def _find_binary() -> Optional[str]:
    for name in BINARIES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _process_group_alive(pgid: int) -> bool:
    """Whether any process of the group still runs (zombies do not count: on a
    machine whose init does not reap orphans they would otherwise never go)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # The command name is in parentheses and may contain spaces.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 2 and int(fields[2]) == pgid and fields[0] not in (b"Z", b"X"):
            return True
    return False


def _shutdown(
    proc: subprocess.Popen[bytes],
    fds: List[int],
    log: IO[bytes],
    root: str,
    reader: threading.Thread,
) -> None:
    """Stop the browser and remove every trace of it; safe to run twice.

    A module function (not a method) so that :func:`weakref.finalize` can run it
    at interpreter exit without keeping the :class:`Chromium` object alive.
    First ``Browser.close`` lets Chromium end its renderer and zygote processes
    and reap them itself; then the whole process group (Chromium runs in its own
    session) is killed for stragglers. The group is killed while the leader is
    still unreaped (``WNOWAIT``), so its id cannot have been reused.
    """
    if proc.returncode is None:
        try:  # id -1: nobody waits for the answer (ids < 0 are dropped)
            os.write(fds[0], b'{"id": -1, "method": "Browser.close"}\0')
        except (OSError, IndexError):
            pass
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline:
            try:
                info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                break
            if info is not None:
                break
            time.sleep(0.02)
        # Give its children a moment to notice; then kill whatever is left.
        deadline = time.monotonic() + 1.0
        while _process_group_alive(proc.pid) and time.monotonic() < deadline:
            try:
                if os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
                    break  # the leader still runs: no point waiting for children
            except ChildProcessError:
                break
            time.sleep(0.02)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
    # The reader sees end-of-file once every Chromium process is gone; join it
    # before closing its fd, so it can never read a reused descriptor number.
    if reader.ident is not None and reader is not threading.current_thread():
        reader.join(timeout=5)
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
    fds.clear()
    try:
        log.close()
    except OSError:
        pass
    for _ in range(5):
        shutil.rmtree(root, ignore_errors=True)
        if not os.path.exists(root):
            break
        time.sleep(0.1)


class Chromium:
    """A headless Chromium driven over ``--remote-debugging-pipe``.

    Starts the browser on construction with a fresh temporary profile; use it as
    a context manager (or call :meth:`close`) so that the browser is killed and
    the profile removed even when a test fails. Thread-safe for commands.
    """

    def __init__(
        self,
        timeout: float = DEFAULT_TIMEOUT,
        binary: Optional[str] = None,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.timeout = timeout
        found = binary or _find_binary()
        if not found:
            raise ChromiumError("no Chromium found on PATH (looked for " + ", ".join(BINARIES) + ")")
        self.binary: str = found
        self._lock = threading.Condition()
        self._write_lock = threading.Lock()
        self._next_id = 0
        self._responses: Dict[int, Dict[str, Any]] = {}
        self._pending: set[int] = set()  # ids someone still waits for
        self._pages: Dict[str, Page] = {}
        self._dead: Optional[str] = None  # why the connection ended, once it has

        self._root = tempfile.mkdtemp(prefix="altbaumer-chromium-")
        self._log = open(os.path.join(self._root, "stderr.log"), "w+b")
        self._fds: List[int] = []
        try:
            self._proc = self._launch(extra_args)
        except BaseException:
            for fd in self._fds:
                os.close(fd)
            self._log.close()
            shutil.rmtree(self._root, ignore_errors=True)
            raise
        self._reader = threading.Thread(target=self._read_loop, name="chromium-cdp-reader", daemon=True)
        # Nothing given to finalize refers to self, so it also runs if the
        # object is merely dropped, and at interpreter exit in any case.
        self._finalizer = weakref.finalize(self, _shutdown, self._proc, self._fds, self._log, self._root, self._reader)
        self._reader.start()
        try:
            self.version: Dict[str, Any] = self.send("Browser.getVersion", timeout=timeout)
        except BaseException as error:
            stderr = self.stderr()
            self.close()
            if isinstance(error, ChromiumError):
                raise ChromiumError(
                    f"Chromium ({self.binary}) did not start: {error}\n--- its output ---\n{stderr}"
                ) from None
            raise

    # -- availability -----------------------------------------------------

    @staticmethod
    def available() -> Optional[str]:
        """None if browser tests can run here, else the reason they cannot
        (for ``pytest.skip``): the opt-out variable is set, or no binary."""
        if os.environ.get(NO_BROWSER_ENV, "") not in ("", "0"):
            return f"{NO_BROWSER_ENV} is set"
        if _find_binary() is None:
            return "no Chromium on PATH (looked for " + ", ".join(BINARIES) + ")"
        return None

    # -- process ------------------------------------------------------------

    def _launch(self, extra_args: Sequence[str]) -> subprocess.Popen[bytes]:
        """Start Chromium with the two CDP pipes on its fds 3 and 4.

        The child's ends are duplicated to numbers >= 5 so that the two dup2
        calls in the child cannot overwrite one another whatever numbers
        os.pipe handed out; the original pipe fds stay open until the child
        has started, so that fds 3 and 4 are in use in this process and
        subprocess cannot pick them for its own exec-error pipe. (A shell
        doing ``3<&A`` would avoid preexec_fn, but dash accepts only one-digit
        fd numbers.) preexec_fn runs only os.dup2, which takes no lock.
        """
        cmd_r, cmd_w = os.pipe()  # we write commands, Chromium reads fd 3
        resp_r, resp_w = os.pipe()  # Chromium writes fd 4, we read
        child_in = fcntl.fcntl(cmd_r, fcntl.F_DUPFD_CLOEXEC, 5)
        child_out = fcntl.fcntl(resp_w, fcntl.F_DUPFD_CLOEXEC, 5)
        self._fds.extend([cmd_w, resp_r])
        self._cmd_w, self._resp_r = cmd_w, resp_r

        def renumber() -> None:
            os.dup2(child_in, 3)  # dup2 clears close-on-exec on the copy
            os.dup2(child_out, 4)

        profile = os.path.join(self._root, "profile")
        args = [
            "--headless=new",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-sync",
            "--mute-audio",
            "--password-store=basic",
            "--use-mock-keychain",
            # A background tab must not throttle timers: tests open several tabs.
            "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows",
            # Not --disable-crashpad-for-testing, although the crash handler
            # leaves our process group: with it Chromium 156's network service
            # crashes in a loop ("FD ownership violation"). The handler exits
            # by itself when the browser does.
            "--disable-breakpad",
        ]
        if os.geteuid() == 0:
            args.append("--no-sandbox")  # Chromium refuses to sandbox as root
        args.extend(extra_args)
        args.append("about:blank")
        try:
            proc = subprocess.Popen(
                [self.binary, *args],
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
                pass_fds=(3, 4),
                preexec_fn=renumber,
                start_new_session=True,  # own process group: one kill ends all
            )
        finally:
            for fd in (cmd_r, resp_w, child_in, child_out):
                os.close(fd)
        return proc

    def stderr(self, limit: int = 4000) -> str:
        """The tail of Chromium's stdout/stderr, for error messages."""
        try:
            self._log.flush()
            with open(self._log.name, "rb") as f:
                data = f.read()
        except (OSError, ValueError):
            return "(stderr unavailable)"
        text = data.decode("utf-8", "replace")
        return text[-limit:] if text.strip() else "(empty)"

    @property
    def pid(self) -> int:
        """The browser process id (also its process group id)."""
        return self._proc.pid

    @property
    def temp_dir(self) -> str:
        """The temporary directory holding the profile and the output log."""
        return self._root

    def alive(self) -> bool:
        """Whether any process of the browser's process group still runs."""
        return _process_group_alive(self._proc.pid)

    def close(self) -> None:
        """Kill the browser, reap it and remove the temporary profile.
        Idempotent; also runs at interpreter exit if never called."""
        self._finalizer()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- protocol -------------------------------------------------------------

    def _write(self, message: Dict[str, Any]) -> None:
        data = json.dumps(message).encode() + b"\0"
        with self._write_lock:
            view = memoryview(data)
            while view:
                try:
                    written = os.write(self._cmd_w, view)
                except OSError as error:  # EPIPE once Chromium has gone
                    raise ChromiumError(f"cannot write to Chromium: {error}") from None
                view = view[written:]

    def send(
        self,
        method: str,
        params: Optional[Dict[str, Any]] = None,
        session: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Send one command and wait for its result (the ``result`` object).
        Raises ChromiumError on a protocol error, timeout or browser exit."""
        with self._lock:
            if self._dead is not None:
                raise ChromiumError(f"{method}: Chromium is gone ({self._dead})")
            self._next_id += 1
            ident = self._next_id
            self._pending.add(ident)
        message: Dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        try:
            self._write(message)
            with self._lock:
                while ident not in self._responses:
                    if self._dead is not None:
                        raise ChromiumError(f"{method}: Chromium is gone ({self._dead})\n{self.stderr()}")
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        raise ChromiumError(f"{method}: no answer within {limit:g} s")
                    self._lock.wait(remaining)
                response = self._responses.pop(ident)
        finally:
            with self._lock:
                self._pending.discard(ident)  # a late answer is then dropped
        if "error" in response:
            error = response["error"]
            raise ChromiumError(f"{method}: {error.get('message')} ({error.get('code')}) {error.get('data', '')}")
        result: Dict[str, Any] = response.get("result", {})
        return result

    def _read_loop(self) -> None:
        """Reader thread: split the pipe on NUL bytes and dispatch each message."""
        reason = "the pipe closed"
        partial: List[bytes] = []  # pieces of a message not yet terminated
        try:
            while True:
                chunk = os.read(self._resp_r, 1 << 20)
                if not chunk:
                    break
                # Only the new chunk is searched, so a multi-megabyte screenshot
                # arriving in pieces costs linear time.
                *ends, rest = chunk.split(b"\0")
                for end in ends:
                    raw = b"".join(partial) + end
                    partial.clear()
                    if raw:
                        self._dispatch(json.loads(raw))
                if rest:
                    partial.append(rest)
        except Exception as error:  # a closed fd during shutdown, or bad JSON
            reason = f"reader stopped: {error!r}"
        with self._lock:
            self._dead = reason
            self._lock.notify_all()

    def _dispatch(self, message: Dict[str, Any]) -> None:
        with self._lock:
            if "id" in message:
                if message["id"] in self._pending:  # not -1 (fire and forget) or timed out
                    self._responses[message["id"]] = message
            else:
                page = self._pages.get(message.get("sessionId", ""))
                if page is not None:
                    page._event(message["method"], message.get("params", {}))
            self._lock.notify_all()

    # -- tabs ---------------------------------------------------------------------

    def open(
        self,
        url: str,
        width: int = 1200,
        height: int = 900,
        mobile: bool = False,
        offline: bool = False,
    ) -> Page:
        """Open ``url`` in a new tab of ``width`` x ``height`` CSS pixels and wait
        for its load event.

        The size is set by device-metrics emulation, not by the window, because
        headless windows have a minimum width larger than a phone's. ``mobile``
        turns on mobile viewport emulation and touch events: overlay scrollbars,
        and the meta viewport honoured, so a page without one is laid out
        980 px wide as on a phone. ``offline`` cuts the network before the page loads,
        so a page that wrongly fetches something fails visibly.
        """
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session, width, height, mobile)
        with self._lock:
            self._pages[session] = page
        try:
            for domain in ("Page", "Runtime", "Log", "Network"):
                page.send(f"{domain}.enable")
            page._set_viewport(width, height)
            if mobile:
                page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
            if offline:
                page.go_offline()
            page.goto(url)
            if offline:
                # The cut holds across the navigation, but a new renderer
                # (Chromium 150 gives the page one) starts with
                # navigator.onLine true until the conditions are sent again.
                page.go_offline()
        except BaseException:
            page.close()
            raise
        return page


class Page:
    """One tab, reached through a flattened CDP session.

    ``console_errors`` and ``requests`` are collected by the reader thread
    from the moment the tab is attached; :meth:`goto` starts them afresh so that
    they describe the page under test, not ``about:blank``.
    """

    def __init__(self, browser: Chromium, target: str, session: str, width: int, height: int, mobile: bool) -> None:
        self.browser = browser
        self.target = target
        self.session = session
        self.width, self.height, self.mobile = width, height, mobile
        self._console_errors: List[str] = []
        self._requests: List[str] = []
        self._events: List[Tuple[str, Dict[str, Any]]] = []
        self.closed = False

    # Called by the reader thread with the browser's lock held.
    def _event(self, method: str, params: Dict[str, Any]) -> None:
        self._events.append((method, params))
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self._console_errors.append(" ".join(_remote_text(arg) for arg in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            where = f" ({entry['url']})" if entry.get("url") else ""
            self._console_errors.append(f"{entry.get('text', '')}{where}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            exception = details.get("exception", {})
            text = details.get("text", "Uncaught")
            description = exception.get("description") or _remote_text(exception) if exception else ""
            self._console_errors.append(f"{text} {description}".strip())
        elif method == "Network.requestWillBeSent":
            self._requests.append(params.get("request", {}).get("url", ""))
        elif method == "Page.javascriptDialogOpening":
            # alert()/confirm() would block every later command: accept it and
            # record it, since a report page should never open one.
            self._console_errors.append(f"dialog ({params.get('type')}): {params.get('message')}")
            self.browser._write(
                {"id": -1, "method": "Page.handleJavaScriptDialog", "params": {"accept": True},
                 "sessionId": self.session}
            )

    @property
    def console_errors(self) -> List[str]:
        """console.error/console.assert messages, browser-side errors (a file
        that failed to load…) and uncaught exceptions, in order."""
        with self.browser._lock:
            return list(self._console_errors)

    @property
    def requests(self) -> List[str]:
        """URL of every request the page made, the document's own included."""
        with self.browser._lock:
            return list(self._requests)

    def send(self, method: str, params: Optional[Dict[str, Any]] = None, timeout: Optional[float] = None) -> Dict[str, Any]:
        """A raw CDP command to this tab."""
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def wait_for_event(self, method: str, since: int = 0, timeout: Optional[float] = None) -> Dict[str, Any]:
        """The params of the first ``method`` event with index >= ``since`` in
        this tab's event log (take ``len(page.events_seen())`` before acting)."""
        lock = self.browser._lock
        limit = self.browser.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        with lock:
            index = since
            while True:
                while index < len(self._events):
                    name, params = self._events[index]
                    index += 1
                    if name == method:
                        return params
                if self.browser._dead is not None:
                    raise ChromiumError(f"waiting for {method}: Chromium is gone ({self.browser._dead})")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise ChromiumError(f"no {method} within {limit:g} s")
                lock.wait(remaining)

    def events_seen(self) -> int:
        """How many events this tab has received so far (a mark for wait_for_event)."""
        with self.browser._lock:
            return len(self._events)

    def go_offline(self) -> None:
        """Cut the tab's network: every request fails, navigator.onLine is false."""
        self.send("Network.emulateNetworkConditions",
                  {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def goto(self, url: str, timeout: Optional[float] = None) -> None:
        """Navigate and wait for the load event; resets console_errors and requests."""
        with self.browser._lock:
            self._console_errors.clear()
            self._requests.clear()
            mark = len(self._events)
        result = self.send("Page.navigate", {"url": url}, timeout=timeout)
        if result.get("errorText"):
            raise ChromiumError(f"cannot load {url}: {result['errorText']}")
        self.wait_for_event("Page.loadEventFired", since=mark, timeout=timeout)

    def _set_viewport(self, width: int, height: int) -> None:
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": self.mobile},
        )

    def set_viewport(self, width: int, height: int) -> None:
        """Resize the emulated viewport (e.g. to test a layout breakpoint)."""
        self._set_viewport(width, height)
        self.width, self.height = width, height

    # -- script ---------------------------------------------------------------

    def evaluate(self, expression: str, timeout: Optional[float] = None) -> Any:
        """The JSON value of a JavaScript expression (promises are awaited).
        Raises JavaScriptError with the exception's text if it throws."""
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout=timeout,
        )
        details = result.get("exceptionDetails")
        if details:
            exception = details.get("exception", {})
            text = exception.get("description") or _remote_text(exception) or details.get("text", "")
            raise JavaScriptError(f"{text}\n  in: {expression[:200]}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: Optional[float] = None, interval: float = 0.05) -> Any:
        """Poll ``expression`` until it is truthy and return its value."""
        limit = self.browser.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() >= deadline:
                raise ChromiumError(f"still falsy after {limit:g} s: {expression[:200]}")
            time.sleep(interval)

    # -- input ----------------------------------------------------------------

    def press(self, key: str, modifiers: Sequence[str] = ()) -> None:
        """A real (trusted) key press: keyDown then keyUp, as a keyboard sends them.

        ``key`` is a KeyboardEvent.key name (ArrowRight, ArrowLeft, ArrowUp,
        ArrowDown, Home, End, PageUp, PageDown, Tab, Enter, Space or " ",
        Escape, Backspace, Delete) or one character; ``modifiers`` any of
        Alt, Control, Meta, Shift (``press("Tab", ["Shift"])``).
        """
        spec = _key_for(key)
        mask = 0
        for name in modifiers:
            mask |= _MODIFIERS[name]
        common = {
            "key": spec.key,
            "code": spec.code,
            "windowsVirtualKeyCode": spec.key_code,
            "nativeVirtualKeyCode": spec.key_code,
            "modifiers": mask,
        }
        down = dict(common, type="keyDown" if spec.text else "rawKeyDown")
        if spec.text:
            down.update(text=spec.text, unmodifiedText=spec.text)
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", dict(common, type="keyUp"))

    def click(self, selector: str) -> Tuple[float, float]:
        """Scroll the first element matching ``selector`` into view and click
        its centre with real mouse events; returns the point clicked."""
        box = self.evaluate(
            f"""(() => {{
                const el = document.querySelector({json.dumps(selector)});
                if (!el) throw new Error("no element matches " + {json.dumps(selector)});
                el.scrollIntoView({{block: "center", inline: "center"}});
                const r = el.getBoundingClientRect();
                return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
            }})()"""
        )
        x, y, w, h = box
        if w <= 0 or h <= 0:
            raise ChromiumError(f"{selector} has no size ({w} x {h}): hidden?")
        self.click_at(x, y)
        return x, y

    def click_at(self, x: float, y: float) -> None:
        """Move the mouse to viewport point (x, y) and click the left button."""
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "none"})
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1},
            )

    # -- output ---------------------------------------------------------------

    def screenshot(self, path: Union[str, Path], full_page: bool = False) -> Path:
        """Write a PNG of the viewport (or of the whole page) to ``path``.

        For ``full_page`` the viewport is enlarged to the content size for the
        capture and restored afterwards, so fixed elements and media queries
        behave as they would in a window that big.
        """
        if full_page:
            metrics = self.send("Page.getLayoutMetrics")
            size = metrics.get("cssContentSize") or metrics["contentSize"]
            self._set_viewport(max(self.width, int(size["width"] + 0.999)), max(self.height, int(size["height"] + 0.999)))
        try:
            data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        finally:
            if full_page:
                self._set_viewport(self.width, self.height)
        target = Path(path)
        target.write_bytes(base64.b64decode(data))
        return target

    def close(self) -> None:
        """Close the tab (the browser keeps running)."""
        if self.closed:
            return
        self.closed = True
        try:
            if self.browser._dead is None:
                self.browser.send("Target.closeTarget", {"targetId": self.target})
        finally:
            with self.browser._lock:
                self.browser._pages.pop(self.session, None)

    def __enter__(self) -> Page:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _remote_text(obj: Dict[str, Any]) -> str:
    """Readable text of a CDP RemoteObject (a console argument or exception)."""
    if "value" in obj:
        value = obj["value"]
        return value if isinstance(value, str) else json.dumps(value)
    if "unserializableValue" in obj:
        return str(obj["unserializableValue"])
    return str(obj.get("description") or obj.get("type", ""))


def require_browser() -> None:
    """Skip the calling test when no browser can run here, with the reason.
    The opt-out variable always skips; a missing browser fails under CI (the
    variable CI set) instead, since ``.ci/run`` installs one and none means
    the page was never rendered (the rule of tests/report/test_html.py)."""
    import pytest

    reason = Chromium.available()
    if reason is None:
        return
    if os.environ.get("CI") and not reason.startswith(NO_BROWSER_ENV):
        pytest.fail(f"browser tests must run on CI, but: {reason}")
    pytest.skip(reason)
