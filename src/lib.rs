pub mod bench_doc;
