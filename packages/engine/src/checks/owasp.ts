// The OWASP API Security Top 10 (2023) categories every finding names.
export const OWASP = {
  API1: 'API1:2023 Broken Object Level Authorization',
  API2: 'API2:2023 Broken Authentication',
  API3: 'API3:2023 Broken Object Property Level Authorization',
  API4: 'API4:2023 Unrestricted Resource Consumption',
  API5: 'API5:2023 Broken Function Level Authorization',
  API6: 'API6:2023 Unrestricted Access to Sensitive Business Flows',
  API7: 'API7:2023 Server Side Request Forgery',
  API8: 'API8:2023 Security Misconfiguration',
  API9: 'API9:2023 Improper Inventory Management',
  API10: 'API10:2023 Unsafe Consumption of APIs',
} as const;

export type OwaspId = keyof typeof OWASP;
