import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

/** The retention an owner or admin chooses; the operator's bounds (GET) are checked too, with code 6020. */
export class ChooseRetentionDto {
  @ApiProperty({ example: 7, description: 'Days single, batch and finder calls are kept (whole UTC days)' })
  @IsInt()
  @Min(1)
  @Max(36_500)
  historyDays!: number;

  @ApiProperty({ example: 14, description: "Days a list job's file and results are kept after the job ended" })
  @IsInt()
  @Min(1)
  @Max(36_500)
  jobFilesDays!: number;
}
