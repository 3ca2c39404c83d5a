import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '@lib/common';

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => `${field}: ${text.replace(/^\S+ /, '')}`);
    return [...own, ...describe(error.children ?? [], field)];
  });
}

/** class-validator on every DTO; failures name the field and the reason in one stable code. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => new DomainError('VALIDATION_FAILED', describe(errors).join('; ') || 'The request body must be a JSON object.'),
  });
}
