// Self time of a V8 .cpuprofile summed by module (package) and by function.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script belongs: a package under node_modules, Node's internals, or our bundle. */
export function moduleOf(url: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  if (url.startsWith('node:')) return url.replace(/^node:internal\/deps\//, 'node:').split('/').slice(0, 3).join('/');
  if (url.includes('apps/server/dist/')) return 'promptpair (server bundle)';
  return url === '' ? '(native / vm)' : url;
}

export function summarise(profile: CpuProfile, top = 25): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const module = moduleOf(frame.url);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'}  ${module}${frame.url.includes('node_modules') || frame.url.includes('dist/') ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  return [`self time by module (total ${(total / 1000).toFixed(0)} ms sampled)`, ...rows(byModule), '', 'self time by function', ...rows(byFunction)];
}
