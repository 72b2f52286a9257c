/** A document of one machine in the product-lifecycle system (spec 3 "machine random files"). */
export interface RandomFileRecord {
  id: string;
  orderNumber: string;
  title: string;
  /** Classification shown in the table (manual, certificate, schematic, ...). */
  classify: string;
  /** 0 cutting machine, 1 welding machine. */
  machineType: 0 | 1;
  fileId: string;
  fileName: string;
  size: number;
  createdAt: Date;
}

/**
 * The product-lifecycle system that holds each machine's random files (DECISIONS 4: an external
 * system behind a port). Embedded default: the `machine_files` table with files in the file store.
 */
export interface ProductLifecyclePort {
  filesOf(orderNumber: string): Promise<RandomFileRecord[]>;
  file(id: string): Promise<RandomFileRecord | null>;
  add(record: Omit<RandomFileRecord, 'id' | 'createdAt'> & { createdAt?: Date }): Promise<RandomFileRecord>;
}
