/** A loopback port nobody listens on, from the kernel (a fixed range can land on PostgreSQL's 5432 or Redis's 6379). */
export declare function freePort(): Promise<number>;
