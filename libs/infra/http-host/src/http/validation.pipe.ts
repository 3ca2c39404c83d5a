import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { DomainError } from '@lib/common';
import { refuseControlCharacters, validatesOwnText } from './input-text-rules';

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => `${field}: ${text.replace(/^\S+ /, '')}`);
    return [...own, ...describe(error.children ?? [], field)];
  });
}

// Decorators register a DTO's metadata when its class is defined, before any request: one look-up per type.
const declaredByType = new WeakMap<object, Set<string> | null>();

/** The properties a DTO declares to class-validator, or null for a type without validation metadata. */
function declaredProperties(type: unknown): Set<string> | null {
  if (typeof type !== 'function') return null;
  let declared = declaredByType.get(type);
  if (declared === undefined) {
    const names = getMetadataStorage()
      .getTargetValidationMetadatas(type, '', true, false)
      .map((meta) => meta.propertyName);
    declared = names.length > 0 ? new Set(names) : null;
    declaredByType.set(type, declared);
  }
  return declared;
}

/**
 * class-validator on every DTO; failures name the field and the reason in one stable code. Unknown keys
 * are dropped here in one pass, before class-transformer, whose own key handling is quadratic in the
 * key count (`whitelist` would drop them too, but only after that work). Then no field may hold a
 * control character (1006), except in DTOs whose domain validates its own text.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const declared = declaredProperties(metadata.metatype);
    const known =
      declared && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([key]) => declared.has(key)))
        : value;
    const result = await super.transform(known, metadata);
    if (metadata.type !== 'custom' && !validatesOwnText(metadata.metatype))
      refuseControlCharacters(result, metadata.data ?? '', `the ${metadata.type}`);
    return result;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) =>
      new DomainError('VALIDATION_FAILED', describe(errors).join('; ') || 'The request body must be a JSON object.'),
  });
}
