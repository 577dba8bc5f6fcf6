"""gunicorn's settings for a table (``gunicorn -c python:scorekeeper.gunicorn_conf``; see scorekeeper/serving.py).

Two worker processes of eight threads each: a table is four to eight phones
polling every few seconds and now and then one PDF; a PDF being drawn in one
worker leaves the other free. ``WEB_CONCURRENCY``, ``WEB_THREADS`` and
``WEB_TIMEOUT`` change them; ``GUNICORN_CMD_ARGS`` can set anything else.
"""

import os

from scorekeeper import serving

bind = [serving.bind_address()]
worker_class = "scorekeeper.serving.TableWorker"  # gthread; a slow client's head costs no thread
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("WEB_THREADS", "8"))
timeout = int(os.environ.get("WEB_TIMEOUT", "120"))  # the largest allowed report renders well within this
graceful_timeout = 10
keepalive = 5  # phones poll every few seconds: keep their connection open between polls
proc_name = "scorekeeper"
preload_app = True  # serving.served_app() migrates once in the master; the workers fork from it
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms id=%({x-request-id}o)s'
logger_class = "scorekeeper.serving.TokenFreeLogger"
when_ready = serving.when_ready
control_socket_disable = True  # no admin socket in $HOME: two servers on one machine would share it
