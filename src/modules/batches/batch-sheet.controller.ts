import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import { clientAddress, takeOverResponse, type HttpRequestLike } from '../../http/native-http';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { sheetReportLine, type SheetFit, type SheetLayoutName } from '../../lib/print';
import { BatchSheets } from './batch-sheets';
import { BatchSheetDocs } from './batch-sheet.docs';
import { BatchesService } from './batches.service';
import { DownloadLimiter } from './download-limiter';
import { SHEET_QUERY } from './sheet-query';

@ApiTags('batches')
@ApiRoute()
@Controller('v1/batches')
export class BatchSheetController {
  constructor(
    private readonly batches: BatchesService,
    private readonly sheets: BatchSheets,
    private readonly downloads: DownloadLimiter,
  ) {}

  @Get(':batchId/sheet.pdf')
  @BatchSheetDocs()
  @RouteQuery(SHEET_QUERY)
  async sheet(
    @Param('batchId') batchId: string,
    @CheckedQuery() query: { layout: SheetLayoutName; fit: SheetFit },
    @Req() request: HttpRequestLike,
    @Res() reply: object,
  ): Promise<void> {
    const batch = await this.batches.finished(batchId);
    const release = this.downloads.acquire(clientAddress(request));
    let planned;
    try {
      // Every contact is fitted first: the report's counts go in a header, before the first byte.
      planned = await this.sheets.plan(batch, query.layout, query.fit);
    } catch (error) {
      release();
      throw error;
    }
    const { fitted, missing, textless, asIs, trimmed, mecard } = planned.counts;
    const fits = query.fit === 'auto' ? { fits: { asIs, trimmed, mecard } } : {};
    const raw = takeOverResponse(reply);
    raw.once('close', release);
    raw.statusCode = 200;
    raw.setHeader('Content-Type', 'application/pdf');
    raw.setHeader('Content-Disposition', `attachment; filename="${batch.id}-${query.layout}.pdf"`);
    raw.setHeader('QR-Sheet-Report', sheetReportLine({ fitted, missing, textless, ...fits }));
    try {
      await this.sheets.write(planned, raw, { report: fitted + missing + textless > 0, fit: query.fit });
    } catch {
      // The status line is gone (or the client is): all that is left is to cut the response short.
      raw.destroy();
    }
  }
}
