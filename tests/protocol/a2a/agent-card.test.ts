import { describe, expect, it } from 'vitest';
import {
  AgentCardError,
  buildAgentCard,
  defaultCardUrl,
  type AgentCardSpec,
} from '../../../src/protocol/index.js';

const spec: AgentCardSpec = {
  name: 'UES green',
  description: 'Evaluates personal assistants',
  version: '0.1.0',
  url: 'http://127.0.0.1:9009/',
  skills: [
    {
      id: 'assess',
      name: 'Assess',
      description: 'Runs an assessment',
      tags: ['benchmark'],
      examples: ['{}'],
    },
  ],
};

describe('buildAgentCard', () => {
  it('declares JSON-RPC for protocol 1.0 and mirrors it for 0.3', () => {
    const card = buildAgentCard(spec);
    expect(card.supportedInterfaces).toEqual([
      { url: spec.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: spec.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ]);
  });

  it('turns streaming on and push notifications off', () => {
    expect(buildAgentCard(spec).capabilities).toEqual({
      streaming: true,
      pushNotifications: false,
      extensions: [],
      extendedAgentCard: false,
    });
  });

  it('fills skills and default modes', () => {
    const card = buildAgentCard(spec);
    expect(card.defaultInputModes).toEqual(['text']);
    expect(card.skills[0]).toEqual({
      id: 'assess',
      name: 'Assess',
      description: 'Runs an assessment',
      tags: ['benchmark'],
      examples: ['{}'],
      inputModes: [],
      outputModes: [],
      securityRequirements: [],
    });
  });

  it.each<[Partial<AgentCardSpec>, string]>([
    [{ name: ' ' }, 'name'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'ftp://host/' }, 'url'],
    [{ skills: [] }, 'skills'],
    [{ skills: [spec.skills[0]!, spec.skills[0]!] }, 'skills[1].id'],
  ])('rejects %j naming %s', (override, field) => {
    try {
      buildAgentCard({ ...spec, ...override });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AgentCardError);
      expect((error as AgentCardError).field).toBe(field);
    }
  });
});

describe('defaultCardUrl', () => {
  it('follows the AgentBeats convention http://<host>:<port>/', () => {
    expect(defaultCardUrl('0.0.0.0', 9009)).toBe('http://0.0.0.0:9009/');
    expect(defaultCardUrl('::1', 80)).toBe('http://[::1]:80/');
  });
});
