// `pos sync`'s exit status from a report: 4 when the service went away mid-run (every failed
// resource lost the connection), 1 for any other failure, 0 when all synced.
import { describe, expect, it } from 'vitest';
import type { ResourceReport, SyncFailure, SyncReport } from '../sync/index.ts';
import { syncExitCode } from './sync.ts';

function resource(name: ResourceReport['resource'], failure?: SyncFailure): ResourceReport {
  return {
    resource: name,
    status: failure === undefined ? 'ok' : 'failed',
    mode: 'full',
    count: 1,
    fetched: 1,
    requests: 1,
    removed: 0,
    resumed: false,
    ...(failure === undefined ? {} : { failure }),
  };
}
function report(...resources: ResourceReport[]): SyncReport {
  return { startedAt: '', finishedAt: '', unreachable: false, cancelled: false, resources };
}
const lostConnection: SyncFailure = { kind: 'network', message: 'connection refused' };
const timedOut: SyncFailure = { kind: 'timeout', message: 'no answer' };
const forbidden: SyncFailure = { kind: 'http', status: 403, message: 'Permission ... is required.' };

describe('syncExitCode', () => {
  it('is 0 when every resource synced, 1 when the run was cancelled', () => {
    expect(syncExitCode(report(resource('warehouses'), resource('stockItems')))).toBe(0);
    expect(syncExitCode({ ...report(resource('warehouses')), cancelled: true })).toBe(1);
  });

  it('is 4 when the service went away mid-run: every failure a lost connection or a timeout', () => {
    const r = report(resource('warehouses'), resource('stockItems', lostConnection), {
      ...resource('productUnits', timedOut),
    });
    expect(syncExitCode(r)).toBe(4);
  });

  it('is 1 when a resource failed for another reason, even beside lost connections', () => {
    expect(syncExitCode(report(resource('warehouses'), resource('financialReceivables', forbidden)))).toBe(1);
    expect(
      syncExitCode(
        report(resource('stockItems', lostConnection), resource('financialReceivables', forbidden)),
      ),
    ).toBe(1);
  });
});
