export declare class Summary {
  constructor(name: string);
  pass(name: string, options?: { retried?: boolean }): void;
  fail(): void;
  skip(name: string, reason: string | undefined): void;
  write(): void;
}
export declare function reasonInTitle(title: string): string | undefined;
