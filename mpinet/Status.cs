using System;

namespace MPI
{
	/// <summary>What is known about a message: where it came from, its tag, its size (from Probe, or a completed
	/// operation as <see cref="CompletedStatus"/>).</summary>
	public class Status
	{
		internal readonly System.MP.Status status;

		internal Status (System.MP.Status status)
		{
			this.status = status;
		}

		/// <summary>The rank that sent the message.</summary>
		public int Source {
			get { return status.Source; }
		}

		/// <summary>The message's tag.</summary>
		public int Tag {
			get { return status.Tag; }
		}

		/// <summary>The number of elements of <paramref name="type"/> in the message, or null when the type travels
		/// serialised (MPI.NET: it has no MPI datatype) or the message is not a whole number of them.</summary>
		/// <param name="type">The element type the message would be received as.</param>
		/// <returns>The element count, or null.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="type"/> is null.</exception>
		public int? Count (Type type)
		{
			if (type == null)
				throw new ArgumentNullException ("type");
			if (!Wire.IsDirect (type))
				return null;
			int n = status.Get_count (type);
			return n == System.MP.MPI.UNDEFINED ? (int?) null : n;
		}

		/// <summary>Whether the operation was cancelled (<see cref="Request.Cancel"/>).</summary>
		public bool Cancelled {
			get { return status.Is_cancelled (); }
		}
	}

	/// <summary>The status of a completed operation, with the number of elements it moved.</summary>
	public class CompletedStatus : Status
	{
		/// <summary>The number of elements received or sent (for a serialised object, 1; for a serialised array,
		/// its length).</summary>
		protected int count;

		internal CompletedStatus (System.MP.Status status, int count) : base (status)
		{
			this.count = count;
		}

		/// <summary>The number of elements the operation moved.</summary>
		/// <returns>The element count.</returns>
		public int Count ()
		{
			return count;
		}
	}
}
