/** The package ships no types: what the NFC suite uses of it (an independent NDEF reader and writer). */
declare module 'ndef' {
  interface NdefRecord {
    tnf: number;
    type: number[];
    id: number[];
    payload: number[];
  }
  export function decodeMessage(bytes: Buffer | number[]): NdefRecord[];
  export function encodeMessage(records: NdefRecord[]): number[];
  export function mimeMediaRecord(mimeType: string, payload: number[]): NdefRecord;
}
