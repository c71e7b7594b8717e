import { Option, type Command } from 'commander';
import { envNames, flagName, type FieldSpec } from './fields.js';
import { GREEN_ENV_PREFIX, GREEN_FIELD_SPECS } from './green.js';
import { PURPLE_ENV_PREFIX, PURPLE_FIELD_SPECS } from './purple.js';

/**
 * Commander options for the `green` and `purple` subcommands. They carry no commander defaults
 * and no parsers: values stay raw so `loadGreenConfig` / `loadPurpleConfig` can apply
 * flag > env > default precedence and report errors against the right source.
 */

export function configOptions(specs: readonly FieldSpec[], rolePrefix: string): Option[] {
  return specs.map((spec) => {
    const env = envNames(spec, rolePrefix).join(' or ');
    const fallback = spec.defaultText === undefined ? '' : `; default ${spec.defaultText}`;
    // An empty value name makes a switch (`--replay-fallthrough`), set to true when given.
    const flags = spec.valueName === '' ? flagName(spec) : `${flagName(spec)} ${spec.valueName}`;
    return new Option(flags, `${spec.description} (env ${env}${fallback})`);
  });
}

export function greenOptions(): Option[] {
  return configOptions(GREEN_FIELD_SPECS, GREEN_ENV_PREFIX);
}

export function purpleOptions(): Option[] {
  return configOptions(PURPLE_FIELD_SPECS, PURPLE_ENV_PREFIX);
}

export function addGreenOptions(command: Command): Command {
  for (const option of greenOptions()) command.addOption(option);
  return command;
}

export function addPurpleOptions(command: Command): Command {
  for (const option of purpleOptions()) command.addOption(option);
  return command;
}
