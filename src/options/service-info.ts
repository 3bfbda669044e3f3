import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Service name as reported by health, product context, MCP and logs. */
export const SERVICE_NAME = 'vcard-payload-service';

/** Date-form API version: OpenAPI `info.version` and the product context. Bump on contract changes. */
export const API_VERSION = '2026-11-20';

function readPackageVersion(): string {
  // package.json sits two levels above both src/options (ts-jest/swc) and dist/options (build).
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The package version (health's `version`). */
export const SERVICE_VERSION = readPackageVersion();
