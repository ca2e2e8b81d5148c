using System;

namespace MPI
{
	/// <summary>A message was longer than the buffer it was received into (MPI_ERR_TRUNCATE).  The buffer holds the
	/// message's first part; nothing outside it was written.</summary>
	public class MessageTruncatedException : Exception
	{
		/// <summary>Makes the exception.</summary>
		/// <param name="message">What was truncated.</param>
		public MessageTruncatedException (string message) : base (message) { }

		/// <summary>Makes the exception with the error that caused it.</summary>
		/// <param name="message">What was truncated.</param>
		/// <param name="inner">The System.MP exception that reported it.</param>
		public MessageTruncatedException (string message, Exception inner) : base (message, inner) { }
	}

	/// <summary>How two communicators or groups compare.</summary>
	public enum Comparison
	{
		/// <summary>The same object (same context and group).</summary>
		Identical,
		/// <summary>The same processes in the same order, in different contexts.</summary>
		Congruent,
		/// <summary>The same processes in a different order.</summary>
		Similar,
		/// <summary>Different processes.</summary>
		Unequal
	}

	internal static class Comparisons
	{
		internal static Comparison FromMP (int r)
		{
			switch (r) {
			case System.MP.MPI.IDENT: return Comparison.Identical;
			case System.MP.MPI.CONGRUENT: return Comparison.Congruent;
			case System.MP.MPI.SIMILAR: return Comparison.Similar;
			default: return Comparison.Unequal;
			}
		}
	}
}
