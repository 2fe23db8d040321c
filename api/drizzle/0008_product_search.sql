-- Hand-written: product search (filled in by the search work).
SELECT 1;
