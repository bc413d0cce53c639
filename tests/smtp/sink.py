"""A real SMTP server for the mail tests (aiosmtpd): accepts every message on 127.0.0.1:PORT and
writes each one, whole, as a new file in DIR. Prints "ready" once it listens; stops on SIGTERM."""

import os
import signal
import sys
import threading

from aiosmtpd.controller import Controller


class Keep:
    def __init__(self, folder):
        self.folder = folder
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            n = len(os.listdir(self.folder))
            path = os.path.join(self.folder, f"{os.getpid()}-{n:06}.eml")
            with open(path + ".part", "wb") as f:
                f.write(envelope.original_content or envelope.content)
            os.rename(path + ".part", path)
        return "250 OK"


def main():
    port, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Keep(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
