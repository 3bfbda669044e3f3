import { Injectable } from '@nestjs/common';

/** Set once shutdown begins: from then on every response says `Connection: close` (the edge hook reads it). */
@Injectable()
export class Drain {
  active = false;
}
