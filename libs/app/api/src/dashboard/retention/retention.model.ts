import { ApiProperty } from '@nestjs/swagger';

/** What an account may choose for one kind of data, in days. */
export class RetentionRangeModel {
  @ApiProperty({ example: 3 }) min!: number;
  @ApiProperty({ example: 90 }) max!: number;
  @ApiProperty({ example: 30, description: 'In force until the account chooses; 0 keeps the data' }) default!: number;
}

export class RetentionBoundsModel {
  @ApiProperty({ type: RetentionRangeModel }) history!: RetentionRangeModel;
  @ApiProperty({ type: RetentionRangeModel }) jobFiles!: RetentionRangeModel;
}

/** The team's retention in force, and the bounds the operator allows. */
export class RetentionModel {
  @ApiProperty({ example: 7, description: 'Days single, batch and finder calls are kept; 0: kept' })
  historyDays!: number;

  @ApiProperty({ example: 14, description: "Days a list job's file and results are kept after it ended; 0: kept" })
  jobFilesDays!: number;

  @ApiProperty({ example: true, description: "false while the operator's defaults apply" })
  chosen!: boolean;

  @ApiProperty({ type: RetentionBoundsModel }) bounds!: RetentionBoundsModel;
}
