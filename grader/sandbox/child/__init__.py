"""Code that runs inside the sandboxed child (standard library only; copied, never imported there)."""
