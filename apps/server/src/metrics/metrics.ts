/**
 * `/metrics` in Prometheus' text format (prom-client), one registry per server (two
 * servers in one test process must not share counters). Tables and sockets are read
 * when scraped; actions, log-write latency and lease changes are counted as they happen.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { LeaseChange } from '../db/index.ts';

export interface ServerMetrics {
  registry: Registry;
  /** An action's log row was stored, after this many seconds. */
  actionStored(seconds: number): void;
  leaseChanged(change: LeaseChange): void;
  /** The text a scrape gets, and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsSources {
  /** Tables in this process's memory. */
  tables(): number;
  /** Connected sockets. */
  sockets(): number;
  /** Table leases held. */
  leases(): number;
}

export function createMetrics(sources: MetricsSources, labels: { node: string }): ServerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry, prefix: 'kibitz_' });
  new Gauge({
    name: 'kibitz_tables',
    help: 'Tables in this process (loaded in memory)',
    registers: [registry],
    collect() {
      this.set(sources.tables());
    },
  });
  new Gauge({
    name: 'kibitz_sockets',
    help: 'Connected sockets',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'kibitz_leases',
    help: 'Table leases this process holds',
    registers: [registry],
    collect() {
      this.set(sources.leases());
    },
  });
  const actions = new Counter({
    name: 'kibitz_actions_total',
    help: 'Actions stored in the game log (rate() of it: actions per second)',
    registers: [registry],
  });
  const logWrite = new Histogram({
    name: 'kibitz_log_write_seconds',
    help: "Time from a table's request to store an action to the database's answer (group commit included)",
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const leaseChanges = new Counter({
    name: 'kibitz_lease_changes_total',
    help: 'Table leases acquired, released, lost (renewal found them gone) and fenced (a write refused)',
    labelNames: ['change'] as const,
    registers: [registry],
  });
  return {
    registry,
    actionStored(seconds) {
      actions.inc();
      logWrite.observe(seconds);
    },
    leaseChanged(change) {
      leaseChanges.inc({ change });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
