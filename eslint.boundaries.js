// Which folders may import which, held by import-x's no-restricted-paths (docs/ARCHITECTURE.md,
// "Import boundaries"). Paths are relative to the repository root.
import { readdirSync } from 'node:fs';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

const webFeatures = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Web (the bulletproof-react layout): a feature never imports another feature; what two features
 * share lives in components/ or lib/, and app/ composes features. components/ and lib/ import no
 * feature and nothing of app/; lib/ imports no component.
 */
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece to components/ or lib/, or compose the two in app/.',
  })),
  { target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`], from: `${WEB}/app`, message: 'Only app/ (and main.tsx) import app/: it composes, nothing builds on it.' },
  { target: [`${WEB}/components`, `${WEB}/lib`], from: `${WEB}/features`, message: 'Shared components and lib import no feature: pass what they need in.' },
  { target: `${WEB}/lib`, from: `${WEB}/components`, message: 'lib/ holds plain code: it imports no component.' },
];

/**
 * Server: imports point down. Entry (server.ts, compose.ts, app.ts, shutdown.ts) → routes →
 * plugins → services → db | upstreams → lib | config. db and upstreams do not know each other;
 * lib and config are leaves. Tests and test helpers compose whatever they test and are exempt.
 */
const entry = ['app.ts', 'compose.ts', 'server.ts', 'shutdown.ts'].map((file) => `${SERVER}/${file}`);
const layer = (name) => `${SERVER}/${name}`;
const downward = (target, ...from) => ({
  target: layer(target),
  from: from.map(layer),
  message: `${target}/ imports only from the layers below it (docs/ARCHITECTURE.md, "Import boundaries").`,
});
const serverZones = [
  { target: ['routes', 'plugins', 'services', 'db', 'upstreams', 'lib', 'config'].map(layer), from: entry, message: 'Only the entry files import the entry files: they assemble the app.' },
  downward('routes', 'db', 'upstreams'),
  downward('plugins', 'routes', 'upstreams'),
  downward('services', 'routes', 'plugins'),
  downward('db', 'routes', 'plugins', 'services', 'upstreams'),
  downward('upstreams', 'routes', 'plugins', 'services', 'db'),
  downward('lib', 'routes', 'plugins', 'services', 'db', 'upstreams', 'config'),
  downward('config', 'routes', 'plugins', 'services', 'db', 'upstreams', 'lib'),
];

export const boundaryZones = [...webZones, ...serverZones];
