-- Search ranks every matching article by reading its tsvector; kept uncompressed, a vector is read
-- without decompressing it (a common word over 20,000 articles: 138 ms -> 80 ms, bench:knowledge).
ALTER TABLE "kb_articles" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;
