"""What the check scripts share: expect() records a failed expectation, says it at once and
lets the check go on to the next one; a script ends with exit code 1 if FAILURES is not empty.
Scripts below tests/ import it with tests/ put on sys.path."""
FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message, flush=True)
    return condition
