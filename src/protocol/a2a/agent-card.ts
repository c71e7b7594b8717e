import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';

/**
 * Builds A2A 1.x agent cards that v0.3 clients (the AgentBeats gateway, Python a2a-sdk 0.3) can
 * also read: the JSON-RPC interface is declared for protocol 1.0 and mirrored for 0.3, which the
 * server's legacy card handler turns into a v0.3-shaped card (`url`, `protocolVersion`,
 * `preferredTransport`) for requests without an `A2A-Version` header.
 */

export interface SkillSpec {
  id: string;
  name: string;
  description: string;
  tags?: string[];
  /** For green agents: a sample assessment request, as JSON text. */
  examples?: string[];
  inputModes?: string[];
  outputModes?: string[];
}

export interface AgentCardSpec {
  name: string;
  description: string;
  version: string;
  /** The advertised base URL; JSON-RPC is served there. AgentBeats uses `http://host:port/`. */
  url: string;
  skills: SkillSpec[];
  defaultInputModes?: string[];
  defaultOutputModes?: string[];
  provider?: { organization: string; url: string };
  documentationUrl?: string;
}

/** The card spec is unusable; the message says which field to fix. */
export class AgentCardError extends Error {
  override readonly name = 'AgentCardError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(`agent card ${field}: ${message}`);
    this.field = field;
  }
}

export function buildAgentCard(spec: AgentCardSpec): AgentCard {
  validateSpec(spec);
  return {
    name: spec.name,
    description: spec.description,
    version: spec.version,
    supportedInterfaces: duplicateInterfacesForLegacy(
      [{ url: spec.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      ['JSONRPC'],
    ),
    provider: spec.provider,
    documentationUrl: spec.documentationUrl,
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: spec.defaultInputModes ?? ['text'],
    defaultOutputModes: spec.defaultOutputModes ?? ['text'],
    skills: spec.skills.map(toSkill),
    signatures: [],
  };
}

function toSkill(skill: SkillSpec): AgentSkill {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    tags: skill.tags ?? [],
    examples: skill.examples ?? [],
    inputModes: skill.inputModes ?? [],
    outputModes: skill.outputModes ?? [],
    securityRequirements: [],
  };
}

function validateSpec(spec: AgentCardSpec): void {
  for (const field of ['name', 'description', 'version'] as const) {
    if (spec[field].trim() === '') throw new AgentCardError(field, 'must not be empty');
  }
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    throw new AgentCardError('url', `${JSON.stringify(spec.url)} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentCardError('url', `${JSON.stringify(spec.url)} must use http or https`);
  }
  if (spec.skills.length === 0) throw new AgentCardError('skills', 'at least one skill is required');
  const ids = new Set<string>();
  spec.skills.forEach((skill, index) => {
    if (skill.id.trim() === '') throw new AgentCardError(`skills[${index}].id`, 'must not be empty');
    if (ids.has(skill.id))
      throw new AgentCardError(`skills[${index}].id`, `duplicate id ${JSON.stringify(skill.id)}`);
    ids.add(skill.id);
  });
}

/** The AgentBeats default card URL for a bind address. */
export function defaultCardUrl(host: string, port: number): string {
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${hostPart}:${port}/`;
}
