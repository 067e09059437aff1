import inboundModel from './models/fulfillmentInbound_2024-03-20.json' with { type: 'json' };
import labelsModel from './models/fulfillmentInboundV0.getLabels.json' with { type: 'json' };
import inventoryModel from './models/fbaInventory.json' with { type: 'json' };
import ordersModel from './models/orders_2026-01-01.json' with { type: 'json' };

/**
 * The parts of Amazon's published Swagger models (amzn/selling-partner-api-models, trimmed to
 * the operations the simulator serves, descriptions dropped) that say what goes in and out.
 */
interface Model {
  operations: Record<string, { request?: Schema; responses: Record<string, Schema> }>;
  definitions: Record<string, Schema>;
}

export interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

const MODELS = [inboundModel, labelsModel, ordersModel, inventoryModel] as unknown as Model[];

function modelOf(operation: string): Model | undefined {
  return MODELS.find((m) => m.operations[operation]);
}

/**
 * Where `value` breaks `schema`: JSON paths with the rule. Properties the model does not name
 * count as breaks too, so the simulator cannot drift into fields Amazon does not send.
 */
export function check(model: Model, schema: Schema, value: unknown, path = '$'): string[] {
  if (schema.$ref)
    return check(model, model.definitions[schema.$ref.split('/').pop()!]!, value, path);
  const errors: string[] = [];
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  if (schema.enum && !schema.enum.includes(value))
    return [`${path}: not one of ${schema.enum.join(', ')}`];
  switch (type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value))
        return [`${path}: not an object`];
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? [])
        if (record[key] === undefined) errors.push(`${path}.${key}: required`);
      for (const [key, v] of Object.entries(record)) {
        const property = schema.properties?.[key];
        if (!property) errors.push(`${path}.${key}: not in the model`);
        else errors.push(...check(model, property, v, `${path}.${key}`));
      }
      return errors;
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: not an array`];
      if (schema.minItems !== undefined && value.length < schema.minItems)
        errors.push(`${path}: fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        errors.push(`${path}: more than ${schema.maxItems} items`);
      value.forEach((v, i) => errors.push(...check(model, schema.items ?? {}, v, `${path}[${i}]`)));
      return errors;
    }
    case 'string': {
      if (typeof value !== 'string') return [`${path}: not a string`];
      if (schema.minLength !== undefined && value.length < schema.minLength)
        errors.push(`${path}: shorter than ${schema.minLength}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        errors.push(`${path}: longer than ${schema.maxLength}`);
      if (schema.pattern && !new RegExp(schema.pattern).test(value))
        errors.push(`${path}: does not match ${schema.pattern}`);
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value)))
        errors.push(`${path}: not a date-time`);
      return errors;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || (type === 'integer' && !Number.isInteger(value)))
        return [`${path}: not ${type === 'integer' ? 'an integer' : 'a number'}`];
      if (schema.minimum !== undefined && value < schema.minimum)
        errors.push(`${path}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum)
        errors.push(`${path}: above ${schema.maximum}`);
      return errors;
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
    default:
      return [];
  }
}

/** Where an answer of `operation` with `status` breaks the model; [] when it follows it. */
export function checkResponse(operation: string, status: number, body: unknown): string[] {
  const model = modelOf(operation);
  const schema = model?.operations[operation]!.responses[String(status)];
  if (!model || !schema) return [`${operation} ${status}: no such response in the model`];
  return check(model, schema, body);
}

/** Where a request body of `operation` breaks the model; [] when it follows it or has none. */
export function checkRequest(operation: string, body: unknown): string[] {
  const model = modelOf(operation);
  const schema = model?.operations[operation]?.request;
  return model && schema ? check(model, schema, body) : [];
}
