//! `make bench`, native half: how fast the machine replays inputs, and what a reconciliation of
//! many partitions costs. Medians come from criterion's samples; never assert on time in tests.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::workload::{reassignment, session};
use kip848_core::{Machine, Member, Millis};
use std::hint::black_box;
use std::time::Duration;

/// The machine alone: every input of a synthetic session through `handle`.
fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for len in [1_000usize, 100_000, 1_000_000] {
        let trace = session(len);
        group.throughput(Throughput::Elements(len as u64));
        group.bench_with_input(BenchmarkId::from_parameter(len), &trace, |b, trace| {
            b.iter(|| {
                let mut member = Member::new(trace.config.clone());
                for step in &trace.steps {
                    let _ = black_box(member.handle(step.at, &step.input));
                }
                member
            })
        });
    }
    group.finish();
}

/// The timeline the app folds: results kept, checkpoints taken.
fn timeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("timeline");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let trace = session(100_000);
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("from_trace/100000", |b| {
        b.iter_batched(
            || trace.clone(),
            Timeline::from_trace,
            BatchSize::LargeInput,
        )
    });
    let timeline = Timeline::from_trace(session(10_000));
    group.throughput(Throughput::Elements(1));
    group.bench_function("seek/10000", |b| {
        let mut t = timeline.clone();
        let mut cursor = 0usize;
        b.iter(|| {
            // A stride that visits cursors all over the timeline, never the same twice in a row.
            cursor = (cursor + 3_779) % 10_001;
            t.seek(cursor);
            black_box(t.member().facts().state)
        })
    });
    group.finish();
}

/// One answer that moves every one of `n` partitions: `n` revoked, `n` added.
fn reconcile(c: &mut Criterion) {
    let mut group = c.benchmark_group("reconcile");
    for n in [10u32, 1_000, 10_000] {
        let (member, moving) = reassignment(n);
        group.throughput(Throughput::Elements(u64::from(n)));
        group.bench_with_input(
            BenchmarkId::from_parameter(n),
            &(member, moving),
            |b, (member, moving)| {
                b.iter_batched(
                    || member.clone(),
                    |mut m| m.handle(Millis(1010), moving),
                    BatchSize::LargeInput,
                )
            },
        );
    }
    group.finish();
}

criterion_group!(benches, replay, timeline, reconcile);
criterion_main!(benches);
