! planned.f90 - time a Fortran loop over libsubtick's own plan
! (subtick_next: collect's plan, made in the program), print the unit
! cost it has seen (subtick_result), then analyze the stream it wrote.
!
!   gfortran -O2 planned.f90 $(pkg-config --cflags --libs subtick-fortran) -o plannedf
!   ./plannedf plannedf.st [BUDGET_S]
!   analyze plannedf.st
program planned
  use subtick
  implicit none
  type(c_ptr) :: r
  type(subtick_result_t) :: res
  integer(c_int64_t) :: t0, n, i
  character(len=256) :: path, arg
  real(c_double) :: budget
  real(8) :: x, sink

  path = 'plannedf.st'
  budget = 0   ! 0: the library's default, 2 s
  if (command_argument_count() >= 1) call get_command_argument(1, path)
  if (command_argument_count() >= 2) then
     call get_command_argument(2, arg)
     read (arg, *) budget
  end if
  r = subtick_open(path, 'fortran-planned', plan_budget_s=budget)
  if (.not. c_associated(r)) stop 'subtick_open failed'
  sink = 0
  do while (subtick_next(r, n))
     t0 = subtick_start(r)
     x = 1.0d0
     do i = 1, n
        x = x * 1.0000001d0 + 1.0d-9   ! dependent: one multiply-add each
     end do
     call subtick_stop(r, n, t0)
     sink = sink + x
  end do
  if (subtick_result(r, res) == 0 .and. res%ok /= 0) then
     write (*, '(g0.4, a, g0.4, a, g0.4, a)') res%unit_cost_ns, &
          ' ns per multiply-add, bounds [', res%unit_cost_ns_lo, ', ', &
          res%unit_cost_ns_hi, ']'
  end if
  if (subtick_close(r) /= 0) stop 'subtick_close failed'
  if (sink < 0) print *, sink
end program planned
