import { apiProcesses } from './cluster';

describe('apiProcesses', () => {
  it('ROLE=api uses one HTTP process per core unless API_PROCESSES says otherwise', () => {
    expect(apiProcesses({ ROLE: 'api', API_PROCESSES: undefined }, 4)).toBe(4);
    expect(apiProcesses({ ROLE: 'api', API_PROCESSES: 'auto' }, 2)).toBe(2);
    expect(apiProcesses({ ROLE: 'api', API_PROCESSES: 3 }, 2)).toBe(3);
  });
  it('ROLE=all stays one process unless asked; ROLE=worker serves no HTTP', () => {
    expect(apiProcesses({ ROLE: 'all', API_PROCESSES: undefined }, 8)).toBe(1);
    expect(apiProcesses({ ROLE: 'all', API_PROCESSES: 'auto' }, 8)).toBe(8);
    expect(apiProcesses({ ROLE: 'worker', API_PROCESSES: 4 }, 8)).toBe(0);
  });
});
