"""Neo4j's login lock: after 3 wrong passwords from any client it refuses every login for
``dbms.security.auth_lock_time`` (5 s by default) with ``AuthenticationRateLimit``. Both the server probe and
``connect`` wait it out once, so a wrong password elsewhere does not make a healthy server look broken."""

RATE_LIMITED = "Neo.ClientError.Security.AuthenticationRateLimit"
AUTH_LOCK_WAIT_S = 6.0
