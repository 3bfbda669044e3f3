/**
 * The protocol revisions without `initialize` (2026-07-28: each request carries its version and the
 * client's capabilities in `_meta`), which the SDK's modern leg serves; 2025-era clients negotiate
 * theirs with `initialize` (McpSdk.legacyProtocolVersions).
 */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
