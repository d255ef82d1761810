// PII from a description is what an operation returns by default: each shape of optional
// expansion, a plain nested object, balance-like numbers, and types named by what they are.
import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../src/index.js';

const spec = (paths: string, schemas = '') =>
  readOpenApi(`openapi: 3.0.3
info: {title: Shapes, version: "1"}
servers: [{url: "https://api.shapes.example"}]
components:
  schemas:
    Customer:
      type: object
      properties:
        id: {type: string}
        email: {type: string}
        phone: {type: string}
        address: {type: object, properties: {line1: {type: string}, postal_code: {type: string}}}
    ApiError:
      type: object
      properties:
        message: {type: string}
        payment_method: {type: object, properties: {billing_details: {type: object, properties: {email: {type: string}, name: {type: string}}}}}
    Error: {type: object, properties: {error: {$ref: "#/components/schemas/ApiError"}}}
${schemas}
paths:
${paths}`).endpoints;

const answer = (schema: string) =>
  `responses: {"200": {description: ok, content: {application/json: {schema: ${schema}}}}, default: {description: error, content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}}`;

const piiOf = (endpoints: ReturnType<typeof spec>, method: string, path: string) =>
  endpoints
    .find((e) => e.method === method && e.pathTemplate === path)!
    .spec.piiFields.map((p) => `${p.type}@${p.field}`)
    .sort();

describe('PII by what an operation returns by default', () => {
  it('takes the id branch of an expandable field (anyOf of an id string and the object)', () => {
    const eps = spec(`  /discounts/{id}:
    get:
      ${answer(`{type: object, properties: {id: {type: string}, customer: {anyOf: [{type: string, maxLength: 5000}, {$ref: "#/components/schemas/Customer"}], nullable: true}}}`)}`);
    expect(piiOf(eps, 'GET', '/discounts/{id}')).toEqual([]);
    expect(eps[0]!.spec.responseFields).toContain('customer');
  });

  it('reads a field with x-expansionResources as its id too', () => {
    const eps = spec(`  /invoices/{id}:
    get:
      ${answer(`{type: object, properties: {customer: {anyOf: [{$ref: "#/components/schemas/Customer"}], x-expansionResources: {oneOf: [{$ref: "#/components/schemas/Customer"}]}}}}`)}`);
    expect(piiOf(eps, 'GET', '/invoices/{id}')).toEqual([]);
  });

  it('counts a nested object the operation always returns, however deep', () => {
    const eps = spec(`  /orders/{id}:
    get:
      ${answer(`{type: object, properties: {shipment: {type: object, properties: {buyer: {$ref: "#/components/schemas/Customer"}}}}}`)}`);
    expect(piiOf(eps, 'GET', '/orders/{id}')).toEqual([
      'address@shipment.buyer.address.line1',
      'address@shipment.buyer.address.postal_code',
      'email@shipment.buyer.email',
      'phone@shipment.buyer.phone',
    ]);
  });

  it('leaves out what only an expand parameter asks for', () => {
    const eps = spec(`  /charges:
    get:
      parameters: [{name: "expand[]", in: query, schema: {type: array, items: {type: string, enum: [data.customer]}}}]
      ${answer(`{type: object, properties: {data: {type: array, items: {type: object, properties: {amount: {type: integer}, receipt_email: {type: string}, customer: {$ref: "#/components/schemas/Customer"}}}}}}`)}`);
    expect(piiOf(eps, 'GET', '/charges')).toEqual(['email@data[].receipt_email']);
  });

  it('claims nothing for a balance whose per-source amounts are named card and bank_account', () => {
    const eps = spec(`  /balance:
    get:
      ${answer(`{type: object, properties: {available: {type: array, items: {type: object, properties: {amount: {type: integer}, source_types: {type: object, properties: {card: {type: integer}, bank_account: {type: integer}}}}}}}}`)}`);
    expect(piiOf(eps, 'GET', '/balance')).toEqual([]);
  });

  it('does not walk an error object a success body embeds (the last failure of a payment)', () => {
    const eps = spec(`  /intents/{id}:
    get:
      ${answer(`{type: object, properties: {status: {type: string}, last_error: {anyOf: [{$ref: "#/components/schemas/ApiError"}], nullable: true}}}`)}`);
    expect(piiOf(eps, 'GET', '/intents/{id}')).toEqual([]);
  });

  it('names card expiry, bank accounts, IBANs and national ids by what they are', () => {
    const eps = spec(`  /payment_methods/{card}:
    get:
      parameters: [{name: card, in: path, required: true, schema: {type: string}}]
      ${answer(`{type: object, properties: {
        card: {type: object, properties: {number: {type: string}, exp_month: {type: integer}, exp_year: {type: integer}}},
        ach: {type: object, properties: {account_number: {type: string}, routing_number: {type: string}}},
        sepa: {type: object, properties: {iban: {type: string}, holder_account: {type: string, pattern: "^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$"}}},
        boleto: {type: object, properties: {tax_id: {type: string}}},
        individual: {type: object, properties: {cpf: {type: string}, ssn_last_4: {type: string}, nino: {type: string}}}}}`)}`);
    expect(piiOf(eps, 'GET', '/payment_methods/{card}')).toEqual([
      'bank_account@ach.account_number',
      'br_cpf@individual.cpf',
      'card_expiry@card.exp_month',
      'card_expiry@card.exp_year',
      'credit_card@card.number',
      'iban@sepa.holder_account',
      'iban@sepa.iban',
      'national_id@boleto.tax_id',
      'ssn@individual.ssn_last_4',
      'uk_nino@individual.nino',
    ]);
  });
});
