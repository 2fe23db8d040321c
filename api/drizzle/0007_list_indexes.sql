-- Hand-written: keyset paging indexes (filled in by the paging work).
SELECT 1;
