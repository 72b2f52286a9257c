import type { Refused } from '../shared/refused';
import type { DocumentPage } from './documents-screen.machine';

/** A document as the file screen lists it (IndustrialDocument/WebGetList's row). */
export interface DocumentRow {
  Id: string;
  FileName: string;
  CreateTime: string;
  OrderNumber: string;
  ProjectId: string;
  Size: number;
  /** The company member (or staff) who uploaded it (issue 37 item 4); '' or absent when unknown. */
  UploadedByName?: string;
}

/** One row of a report table, its columns as the server names them. */
export type Row = Record<string, string | number>;

export type DocumentsAnswer = DocumentPage<DocumentRow>;
/** Spec 3 section 4: the tube machine's runs, or the plate machine's, or nothing. */
export type WorkReportAnswer = { kind: 'tube'; runs: Row[] } | { kind: 'plate'; runs: Row[] } | { kind: 'empty' } | Refused;
/** Spec 3 section 4: the CAM tube report with its nests, parts and tubes, or the plate reports, or nothing. */
export type CamReportAnswer =
  | { kind: 'tube'; report: Row; nests: Row[]; parts: Row[]; tubes: Row[] }
  | { kind: 'plate'; reports: Row[]; parts: Row[] }
  | { kind: 'empty' }
  | Refused;
/** What a report drawer shows: the work report or the CAM report of a document. */
export type DocumentReport = WorkReportAnswer | CamReportAnswer;
