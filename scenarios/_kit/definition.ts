import type { z } from 'zod';
import type { groundTruthSchema } from '../../src/green/checks/ground-truth.js';
import type { ActionMatcher, Criterion } from './criteria.js';
import type { UserBrief } from '../../src/green/scenarios/user-brief.js';
import type { VariantPlace } from '../../src/green/scenarios/variants/schema.js';
import type { OracleReadModality } from '../../src/protocol/oracle-plan.js';

/**
 * What a scenario author writes (`scenarios/<id>/build.ts` exports one `ScenarioDefinition`).
 * Times are time specs (`"09:40"`, `"d1 10:00"`, `"thu 11:00"`; see time.ts); people are named by
 * their id everywhere (`from: "priya"`), and the kit fills in addresses.
 */

export type Family = 'triage' | 'scheduling' | 'coordination' | 'follow_up' | 'ask_back' | 'safety';
export type Difficulty = 'easy' | 'medium' | 'hard' | 'expert';

/** What an expert scenario tests (docs/SCENARIOS.md, the expert tier). */
export type Capability =
  'long_horizon' | 'adaptability' | 'time' | 'ambiguity' | 'search' | 'policy' | 'noise' | 'negotiation';

export interface PersonDef {
  name: string;
  email?: string;
  phone?: string;
  /** How they write (goes into the reply prompts). */
  personality: string;
  /** Reply delay: base, and ± variance (ISO durations). Default ["PT15M", "PT5M"]. */
  timing?: [base: string, variance: string];
  /** Roles the user knows them by ("design lead"); reports may name them so. */
  roles?: string[];
  aliases?: string[];
  relationships?: Record<string, string>;
  /** Private facts they answer from (availability, prices…). */
  knows?: Record<string, unknown>;
  /** Special instructions ("never responds", "declines anything before noon"). */
  instructions?: string;
  /** Which names a variant draws for them (default any). */
  gender?: 'f' | 'm' | 'x';
  /** A business or a role, not a person: never renamed (vary it with `variants.places`). */
  pinned?: boolean;
  /** In the user's address book, with these extras (true: a plain entry). */
  contact?: boolean | ContactExtras;
  /** One line for the README's people table. */
  about: string;
}

export interface ContactExtras {
  company?: string;
  job_title?: string;
  notes?: string;
  groups?: string[];
  favorite?: boolean;
}

export interface UserDef extends PersonDef {
  id: string;
  email: string;
  phone: string;
}

interface ArrivalBase {
  /** Message id (unique in the scenario; ground truth and permutations name it). */
  id: string;
  /** A person id, or a literal address of someone outside the scenario's people. */
  from: string;
  /** When it reaches the user: at or before the start it is already there; later, it arrives then. */
  at: string;
}

export interface EmailDef extends ArrivalBase {
  to?: string[];
  cc?: string[];
  subject: string;
  body: string;
  /** Messages of one conversation share a thread (default: its own). */
  thread?: string;
  /** Id of the email this one answers. */
  replyTo?: string;
  read?: boolean;
  folder?: string;
}

export interface SmsDef extends ArrivalBase {
  body: string;
  /** Sent by the user (history before the start). */
  outgoing?: boolean;
  /** With `outgoing`: to whom. */
  to?: string;
  read?: boolean;
}

export interface EventDef {
  id: string;
  title: string;
  start: string;
  end: string;
  /** Person ids or addresses; the user is added as organizer unless `organizer` is someone else. */
  attendees?: string[];
  organizer?: string;
  location?: string;
  description?: string;
  /** Attendees' answers (person id → response); default "accepted" for the user's own events. */
  responses?: Record<string, 'accepted' | 'declined' | 'tentative' | 'needs-action'>;
  /** An invitation that arrives later (scheduled `calendar.create`), instead of being there at the start. */
  arrivesAt?: string;
  /** A recurring series (the UES rule; weekdays and dates are local to the scenario's zone). */
  recurrence?: RecurrenceDef;
  /** Dates (YYYY-MM-DD, local) on which an occurrence of the series is skipped. */
  exceptions?: string[];
}

/** The UES recurrence rule (`calendar` modality); unset fields take the UES defaults. */
export interface RecurrenceDef {
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval?: number;
  days_of_week?: Array<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'>;
  day_of_month?: number;
  month_of_year?: number;
  end_type?: 'never' | 'until' | 'count';
  end_date?: string;
  count?: number;
}

/** A later chat message from the user to the assistant (a new instruction mid-run). */
export interface UserMessageDef {
  /** Unique in the scenario (the scheduled event is `evt-<id>`). */
  id: string;
  /** After the start: the message arrives then, in the user's conversation with the assistant. */
  at: string;
  body: string;
}

/** Someone in the user's address book who is not one of the scenario's people. */
export interface ContactDef extends ContactExtras {
  id: string;
  first_name: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

/** A point on the map, as the `location` modality describes it. */
export interface PlaceDef {
  latitude: number;
  longitude: number;
  address?: string;
  named_location?: string;
  /** m/s, when the user is moving. */
  speed?: number;
}

/** Where the user is (the `location` modality): the current place, where they were, later moves. */
export interface LocationDef extends PlaceDef {
  /** Since when the user is here (default: the start). */
  since?: string;
  /** Earlier places, oldest first, each with when the user got there. */
  history?: Array<PlaceDef & { at: string }>;
  /** Later moves: scheduled location updates (`id` names the scheduled event). */
  moves?: Array<PlaceDef & { id: string; at: string }>;
}

/** Condition groups of the OpenWeather vocabulary the kit writes (id and icon follow from them). */
export type WeatherMain = 'Clear' | 'Clouds' | 'Rain' | 'Drizzle' | 'Thunderstorm' | 'Snow' | 'Mist' | 'Fog';

/** The weather at one instant, in the units people think in. */
export interface ConditionsDef {
  /** °C (the simulator stores Kelvin). */
  temp: number;
  /** °C; default: `temp`. */
  feels_like?: number;
  /** Percent (default 70). */
  humidity?: number;
  /** m/s (default 3). */
  wind?: number;
  main: WeatherMain;
  /** "light snow", "heavy intensity rain"… */
  description: string;
}

/** A weather report for one place (the `weather` modality), filed at the start or later. */
export interface WeatherDef {
  /** Names the scheduled event when the report is filed later. */
  id: string;
  latitude: number;
  longitude: number;
  /** IANA zone of the place (default: the scenario's). */
  timezone?: string;
  /** When the report is filed (default: the start; later: a scheduled weather update). */
  at?: string;
  now: ConditionsDef;
  /** Hourly forecast. */
  hours?: Array<
    ConditionsDef & { at: string; /** Chance of precipitation, 0–1. */ pop?: number; rain_mm?: number }
  >;
  /** Warnings, as a weather service issues them. */
  alerts?: Array<{ event: string; description: string; from: string; until: string; sender?: string }>;
  /** Time specs (default 07:00 and 17:00 of the report's day). */
  sunrise?: string;
  sunset?: string;
}

/**
 * A conditional event: arrivals that happen only when the assistant does something — the first
 * successful action matching `when` (a reply to the booking, a cancellation after the
 * confirmation, the user changing their mind once the invitation is out). They arrive `after` that
 * action (default at once), each item `after` more. Deterministic offline.
 */
export interface TriggerDef {
  id: string;
  /** What happens, for the README and the results. */
  description: string;
  when: ActionMatcher;
  after?: string;
  emails?: Array<Omit<EmailDef, 'at'> & { after?: string }>;
  sms?: Array<Omit<SmsDef, 'at' | 'outgoing' | 'to'> & { after?: string }>;
  userMessages?: Array<Omit<UserMessageDef, 'at'> & { after?: string }>;
}

/**
 * A trap: what a careful but hurried assistant gets wrong, and an oracle that falls into it —
 * `mutate` turns the oracle's steps into the trap's (`scenarios check` requires it to score low).
 */
export interface TrapDef {
  id: string;
  text: string;
  mutate: (steps: OracleStepDef[]) => OracleStepDef[];
}

export type OracleStepDef =
  | { at: string; read: OracleReadModality[] }
  | { at: string; post: string; paraphrase: string }
  | { at: string; action: string; params: Record<string, unknown>; paraphrase?: Record<string, unknown> };

export interface ScenarioDefinition {
  id: string;
  /** Bump whenever scoring or data change. */
  version: string;
  name: string;
  /** One line: what the scenario tests (the catalogue row). */
  summary: string;
  description: string;
  family: Family;
  difficulty: Difficulty;
  tags?: string[];
  /** IANA zone of the user; every time spec is read in it. */
  timezone: string;
  /** Day 0, YYYY-MM-DD. */
  date: string;
  start: string;
  end: string;
  /** The default time step (ISO duration). */
  step: string;
  user: UserDef;
  people: Record<string, PersonDef>;
  /** Addresses that belong to the user's world without being anyone's (a team list…). */
  worldAddresses?: string[];
  /** Mailing lists: who is on each, and whom a message to it must reach (default: everyone on it). */
  worldLists?: Record<string, { members: string[]; expected?: string[] }>;
  prompt: string;
  /** What the user answers from when the assistant asks (a reactive user). */
  brief?: UserBrief;
  emails?: EmailDef[];
  sms?: SmsDef[];
  calendar?: EventDef[];
  /** The user's later chat messages (instructions that change the task mid-run). */
  userMessages?: UserMessageDef[];
  /** Address-book entries beyond the people marked `contact`. */
  contacts?: ContactDef[];
  /** Where the user is, and where they go (the `location` modality). */
  location?: LocationDef;
  /** Weather reports by place (the `weather` modality). */
  weather?: WeatherDef[];
  criteria: Criterion[];
  /** The reports the user is owed in chat (deliverables), when there are any. */
  groundTruth?: z.input<typeof groundTruthSchema>;
  oracle: { description: string; steps: OracleStepDef[] };
  variants?: {
    places?: VariantPlace[];
    /** Groups of message ids whose arrival times may be exchanged. */
    permute?: string[][];
    numeric_dates?: 'mdy' | 'dmy';
    /** Largest date shift in weeks (default 26); smaller when other zones' DST must not slip between. */
    max_shift_weeks?: number;
  };
  /**
   * What makes the scenario hard or dangerous, for the README; a `TrapDef` also ships an oracle
   * that falls into it (every trap of an expert scenario must).
   */
  traps: Array<string | TrapDef>;
  /** Expert tier: the capabilities it tests (each expert scenario at least one). */
  capabilities?: Capability[];
  /** Arrivals set off by the assistant's actions. */
  triggers?: TriggerDef[];
  /** Transient 503s and slow answers injected into the assistant's requests (shares of requests). */
  noise?: {
    transient_failure_rate?: number;
    slow_rate?: number;
    slow_ms?: number;
    retry_after_seconds?: number;
  };
  /** How politeness is scored offline when its rubric cannot be (README). */
  offlineNotes?: string[];
  scoring?: { minefield_cap?: number; pass_threshold?: number };
}

/** Identity helper that gives a definition its type (and editor completion). */
export function defineScenario(definition: ScenarioDefinition): ScenarioDefinition {
  return definition;
}
