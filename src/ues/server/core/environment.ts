import type { ModalityDefinition, ModalityState } from '../modalities/modality.js';
import { notFound } from './errors.js';

/** The modalities a simulator knows, by name, in registration order. */
export class ModalityRegistry {
  private readonly definitions = new Map<string, ModalityDefinition>();

  constructor(definitions: readonly ModalityDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: ModalityDefinition): void {
    this.definitions.set(definition.name, definition);
  }

  get(name: string): ModalityDefinition | undefined {
    return this.definitions.get(name);
  }

  require(name: string): ModalityDefinition {
    const definition = this.definitions.get(name);
    if (!definition) {
      throw notFound(`Unknown modality: ${name}. Supported modalities: ${this.names().join(', ')}`);
    }
    return definition;
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }
}

/** The live modality states, keyed by modality name. */
export type ModalityStates = Map<string, ModalityState>;
