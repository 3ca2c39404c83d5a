import * as fs from 'node:fs';
import { Catalogue, CreditPackage, Promotion } from '../domain/credit-catalogue.types';
import { DEFAULT_CATALOGUE } from '../domain/default-catalogue';

type Json = Record<string, unknown>;

/**
 * Reads the catalogue file (`{ packages: [{ id, name, credits, bonusCredits?, priceUsd, active? }],
 * promotions: [{ id, name, description?, bonusPercent?, discountPercent?, packageIds?, startsAt?, endsAt? }] }`)
 * or returns the built-in defaults. A malformed file stops the process at start, naming the problem.
 */
export function loadCatalogue(file: string | null): Catalogue {
  if (!file) return DEFAULT_CATALOGUE;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
  const problems: string[] = [];
  const packages = asArray(raw.packages, 'packages', problems).map((p, i) =>
    parsePackage(p, `packages[${i}]`, problems),
  );
  const promotions = asArray(raw.promotions ?? [], 'promotions', problems).map((p, i) =>
    parsePromotion(p, `promotions[${i}]`, problems),
  );
  if (new Set(packages.map((p) => p.id)).size !== packages.length) problems.push('package ids must be unique');
  if (new Set(promotions.map((p) => p.id)).size !== promotions.length) problems.push('promotion ids must be unique');
  if (problems.length > 0) throw new Error(`Invalid credit catalogue ${file}: ${problems.join('; ')}`);
  return { packages, promotions };
}

function asArray(value: unknown, name: string, problems: string[]): Json[] {
  if (Array.isArray(value)) return value as Json[];
  problems.push(`${name} must be an array`);
  return [];
}

function int(value: unknown, name: string, problems: string[], min = 0, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
  problems.push(`${name} must be an integer >= ${min}`);
  return 0;
}

function percent(value: unknown, name: string, problems: string[]): number {
  const n = int(value, name, problems, 0, 0);
  if (n > 100) problems.push(`${name} must be at most 100`);
  return n;
}

function date(value: unknown, name: string, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  problems.push(`${name} must be an ISO 8601 date-time`);
  return null;
}

function parsePackage(p: Json, at: string, problems: string[]): CreditPackage {
  const priceUsd = p.priceUsd;
  if (typeof priceUsd !== 'number' || !(priceUsd >= 0)) problems.push(`${at}.priceUsd must be a number >= 0`);
  if (typeof p.name !== 'string' || !p.name) problems.push(`${at}.name must be a non-empty string`);
  return {
    id: int(p.id, `${at}.id`, problems, 1),
    name: String(p.name ?? ''),
    credits: int(p.credits, `${at}.credits`, problems, 1),
    bonusCredits: int(p.bonusCredits, `${at}.bonusCredits`, problems, 0, 0),
    priceCents: Math.round(Number(priceUsd) * 100),
    active: p.active !== false,
  };
}

function parsePromotion(p: Json, at: string, problems: string[]): Promotion {
  if (typeof p.name !== 'string' || !p.name) problems.push(`${at}.name must be a non-empty string`);
  const ids = p.packageIds;
  if (ids !== undefined && ids !== null && !(Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id))))
    problems.push(`${at}.packageIds must be an array of integers or null`);
  return {
    id: int(p.id, `${at}.id`, problems, 1),
    name: String(p.name ?? ''),
    description: typeof p.description === 'string' ? p.description : '',
    bonusPercent: percent(p.bonusPercent, `${at}.bonusPercent`, problems),
    discountPercent: percent(p.discountPercent, `${at}.discountPercent`, problems),
    packageIds: Array.isArray(ids) ? (ids as number[]) : null,
    startsAt: date(p.startsAt, `${at}.startsAt`, problems),
    endsAt: date(p.endsAt, `${at}.endsAt`, problems),
  };
}
